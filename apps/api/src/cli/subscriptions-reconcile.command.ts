import { JobQueue } from '../infra/queue/job-queue.service';
import { SubscriptionReconcileService } from '../subscriptions/subscription-reconcile.service';
import { runCommand } from './run-command';

// npm run subscriptions:reconcile: re-read every subscription the payment provider changed lately
// (and every one of ours not over yet) and repair ours, as the hourly job does. A lost webhook heals.
runCommand('subscriptions:reconcile', async ({ app }) => {
  const result = await app.get(SubscriptionReconcileService).run();
  await app.get(JobQueue).drain();
  console.log(`subscriptions:reconcile: ${result.checked} subscriptions checked, ${result.repaired} repaired`);
});
