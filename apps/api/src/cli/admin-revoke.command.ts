import { AdminAccessService, AdminCliError } from '../admin/auth/admin-access.service';
import { runCommand } from './run-command';

// npm run admin:revoke -- someone@husly.dk: the admin role goes, and every open admin session of theirs ends now.
runCommand('admin:revoke', async ({ app }, [email]) => {
  if (!email) {
    console.error('usage: npm run admin:revoke -- <email>');
    return 2;
  }
  try {
    const revoked = await app.get(AdminAccessService).revoke(email);
    console.log(revoked ? `admin:revoke: ${email} is no longer an admin` : `admin:revoke: ${email} was not an admin`);
  } catch (error) {
    if (!(error instanceof AdminCliError)) throw error;
    console.error(`admin:revoke: ${error.message}`);
    return 1;
  }
});
