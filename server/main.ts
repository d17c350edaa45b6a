import { parseArgs } from 'node:util';
import type { Runtime } from './cli/runtime';
import { cliErrorLines, takeDebugFlag, UsageError } from './cli/errors';
import { checkUsage, jobsUsage, portableUsage } from './cli/usage';

// Each command imports what it needs when it runs: `msas --help` loads nothing else, and `msas import`
// does not load the web server.

export const helpText = `Usage: msas <command> [options]

Commands:
  serve [--build-if-needed] [--no-jobs] [--demo]
        Apply migrations, create the first owner when there is no user, serve the API and the
        built interface on HOST:PORT, and run the background jobs in the same process (not with
        --no-jobs). Any number of serve and worker processes may share one PostgreSQL.
        --demo: first do what seed --demo does (npm start -- --demo).
  worker
        Run only the background jobs (SIGTERM or SIGINT: running jobs finish or are handed back).
  ${jobsUsage}
  migrate
        Apply pending database migrations and exit.
  seed --demo [--password P]
        Create the "Demo" organization, demo-owner/admin/member@example.com and its demo data: 12
        domains, 4 groups, 30 days of generated reports (idempotent).
  create-user --email EMAIL [--password P] [--role owner|admin|member|support|client] [--organization NAME]
        Create a user (the password is generated and printed when not given).
  ${checkUsage}
        Check a domain's DNS, SPF, DMARC, MTA-STS or TLS-RPT (or all: domain) and print the result.
  import <files or folders...> [--json]
        Import DMARC aggregate, TLS and failure reports (XML, JSON, gzip, zip, e-mail); one line per file.
  ${portableUsage}

Settings come from the environment or .env: see .env.example and docs/OPERATIONS.md.
Any command takes --debug: an unexpected error then prints its stack trace.`;

const print = (line: string) => console.log(line);

const openRuntime: (typeof import('./cli/runtime'))['openRuntime'] = async (options) =>
  (await import('./cli/runtime')).openRuntime(options);

// Logs go to stderr: stdout carries only the command's answer.
async function stderrLogger() {
  const [{ default: pino }, { createLogger }, { loadConfig }] = await Promise.all([
    import('pino'),
    import('./lib/logger'),
    import('./load-config'),
  ]);
  return createLogger(loadConfig().logLevel, pino.destination(2));
}

async function withRuntime(fn: (rt: Runtime) => Promise<void>) {
  const runtime = await openRuntime();
  try {
    await fn(runtime);
  } finally {
    await runtime.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    print(helpText);
    return command ? 0 : 1;
  }
  switch (command) {
    case 'serve': {
      const { values } = parseArgs({
        args: rest,
        options: {
          'build-if-needed': { type: 'boolean' },
          'no-jobs': { type: 'boolean' },
          demo: { type: 'boolean' },
        },
      });
      const { serve } = await import('./cli/serve');
      await serve({
        buildIfNeeded: Boolean(values['build-if-needed']),
        jobs: !values['no-jobs'],
        demo: Boolean(values.demo),
      });
      return 0;
    }
    case 'worker': {
      const { worker } = await import('./cli/worker');
      await worker();
      return 0;
    }
    case 'migrate': {
      const { migrateToLatest } = await import('./db/migrate');
      const runtime = await openRuntime({ migrate: false });
      try {
        const { applied } = await migrateToLatest(runtime.ctx.db);
        if (applied.length) print(`msas: applied ${applied.join(', ')}`);
        else if (runtime.seeded) print("msas: database created from the build's migrated seed");
        else print('msas: database is up to date');
      } finally {
        await runtime.close();
      }
      return 0;
    }
    case 'seed': {
      const { values } = parseArgs({
        args: rest,
        options: { demo: { type: 'boolean' }, password: { type: 'string' } },
      });
      if (!values.demo) throw new UsageError('seed needs --demo');
      const { seedDemo } = await import('./cli/accounts');
      await withRuntime(async ({ ctx }) => {
        await seedDemo(ctx.db, print, values.password);
      });
      return 0;
    }
    case 'create-user': {
      const { values } = parseArgs({
        args: rest,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          role: { type: 'string' },
          organization: { type: 'string' },
        },
      });
      const { createUserCommand } = await import('./cli/accounts');
      await withRuntime(({ ctx }) => createUserCommand(ctx.db, values, print));
      return 0;
    }
    case 'import': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: { json: { type: 'boolean' } },
        allowPositionals: true,
      });
      if (positionals.length === 0) throw new UsageError('import needs files or folders');
      // stdout carries only the one line per file.
      const { openRuntimeLoading } = await import('./cli/runtime');
      const [runtime, { importFiles }] = await openRuntimeLoading(() => import('./cli/import'), {
        logger: await stderrLogger(),
      });
      try {
        const opts = { json: Boolean(values.json), print, printError: console.error };
        return (await importFiles(runtime.ctx.db, positionals, opts)).internalErrors > 0 ? 1 : 0;
      } finally {
        await runtime.close();
      }
    }
    case 'check': {
      const { checkCommand } = await import('./cli/check');
      return checkCommand(rest, print);
    }
    case 'jobs': {
      const { jobsCommand, parseJobsArgs } = await import('./cli/jobs');
      const plan = parseJobsArgs(rest);
      const runtime = await openRuntime({ logger: await stderrLogger() });
      try {
        return await jobsCommand(runtime.ctx, plan, print);
      } finally {
        await runtime.close();
      }
    }
    case 'export':
    case 'import-db': {
      const { exportCommand, exportFileArg, importCommand, importFileArg } = await import('./cli/portable');
      const file = command === 'export' ? exportFileArg(rest) : importFileArg(rest);
      // stdout carries only the one-line summary. The source is read as it stands (not migrated); a new
      // target is migrated first, then compared with the file's migrations.
      const runtime = await openRuntime({
        logger: await stderrLogger(),
        migrate: command === 'import-db',
      });
      try {
        const run = command === 'export' ? exportCommand : importCommand;
        return await run(runtime.ctx.db, file, print);
      } finally {
        await runtime.close();
      }
    }
    default:
      console.error(`msas: unknown command "${command}"\n`);
      print(helpText);
      return 1;
  }
}

// main.ts from the sources, main.js from the build (bin/server-build.js), or the bin (bin/msas.js).
const isEntry = process.argv[1] && /main\.[tj]s$|msas(\.js)?$/.test(process.argv[1]);
if (isEntry) {
  const { argv, debug } = takeDebugFlag(process.argv.slice(2));
  main(argv).then(
    (code) => process.exit(code),
    (error: unknown) => {
      for (const line of cliErrorLines(error, debug)) console.error(line);
      process.exit(1);
    },
  );
}
