// Runs code samples one after another in this one process (starting a process per sample is
// most of the time they take), marking where each one's output starts and how it ended:
// "@@sample <file>", then its output, then "@@ok" or "@@failed <message>".
import { pathToFileURL } from 'node:url';

for (const file of process.argv.slice(2)) {
  process.stdout.write(`\n@@sample ${file}\n`);
  try {
    await import(pathToFileURL(file).href);
    process.stdout.write('\n@@ok\n');
  } catch (error) {
    process.stdout.write(`\n@@failed ${String((error as Error)?.message ?? error).replace(/\s+/g, ' ')}\n`);
  }
}
