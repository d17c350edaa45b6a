import { jobStates } from '../jobs/states';

// The commands' usage lines, apart from the commands: `msas --help` prints them without loading any command.

export const checkUsage =
  'check <spf|dmarc|mta-sts|tls-rpt|dns|domain> <domain> [--ip IP --sender ADDR --helo NAME] [--json]';

export const jobsUsage = `jobs list [--state STATE] [--queue NAME] [--limit N] [--json]
        List jobs, newest first (STATE: ${jobStates.join(', ')}).
  jobs retry <id> | --all-failed
        Give failed jobs one more attempt.
  jobs purge [--state STATE]
        Delete the jobs in STATE (default failed; never active ones).
  jobs held [--json]
        Mail held over the hourly budget (MAIL_BUDGET_PER_HOUR), per organization, until its summary.`;

export const portableUsage = `export <file>
        Write the whole database (not the job queue) to a new gzip'd file, from one consistent snapshot.
  import-db <file>
        Load an export into a new, empty database of the same msas version, in one transaction.`;
