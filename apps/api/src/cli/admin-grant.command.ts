import { AdminAccessService, AdminCliError } from '../admin/auth/admin-access.service';
import { runCommand } from './run-command';

// npm run admin:grant -- someone@husly.dk: the admin role, the only way to give it (ADR 0061). Prints
// the TOTP secret once, as an otpauth:// URI and as text, for the admin's authenticator app; it is
// stored sealed and never shown again (revoke and grant again for a new one).
runCommand('admin:grant', async ({ app }, [email]) => {
  if (!email) {
    console.error('usage: npm run admin:grant -- <email of an existing user>');
    return 2;
  }
  try {
    const { uri, secret } = await app.get(AdminAccessService).grant(email);
    console.log(`admin:grant: ${email} is an admin. Add this to their authenticator app (shown once):`);
    console.log(`  ${uri}`);
    console.log(`  secret (to type in): ${secret}`);
  } catch (error) {
    if (!(error instanceof AdminCliError)) throw error;
    console.error(`admin:grant: ${error.message}`);
    return 1;
  }
});
