/** The benchmark's cleanup: every child and every temp resource goes, on success, failure or Ctrl-C. */
import { stopAllChildren } from './server-process.ts';

const cleanups: { label: string; run: () => Promise<void> }[] = [];
export function onCleanup(label: string, run: () => Promise<void>): () => Promise<void> {
  const entry = { label, run };
  cleanups.push(entry);
  return async () => {
    const at = cleanups.indexOf(entry);
    if (at >= 0) cleanups.splice(at, 1);
    await run();
  };
}
export async function cleanupAll(): Promise<void> {
  await stopAllChildren().catch(() => {});
  while (cleanups.length > 0) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (error) {
      console.error(`cleanup "${entry.label}" failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
