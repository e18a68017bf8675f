// Preloaded (node --require) into each process a test starts from the built app. The test holds an
// IPC channel to it; when the test process dies without stopping it (SIGKILL, a crashed worker, where
// no exit handler runs), the channel closes and the process stops itself: no server outlives its test.
process.channel?.unref();
process.once('disconnect', () => {
  process.kill(process.pid, 'SIGTERM');
  setTimeout(() => process.exit(1), 10_000).unref();
});
