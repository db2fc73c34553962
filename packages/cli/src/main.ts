// The `platform` command (bin/platform.js runs the built copy of this file).
import { processIo } from './io.ts';
import { run } from './run.ts';

// A reader that stops early (`platform --help | head -1`) closes the pipe: end quietly, as cat does.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await run(process.argv.slice(2), processIo());
