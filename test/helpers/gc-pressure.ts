/**
 * Preloaded into the server child process of the upload memory test (`node --expose-gc --import`).
 *
 * V8 frees dead Buffers late: it starts a collection only after about 64 MiB of external memory
 * has piled up since the last one. So a Node server's resident size grows by tens of MiB while it
 * streams 50 MiB, whatever it keeps alive: even a server that only drains the request body grows
 * by ~27 MiB, ours by 50 to 65 MiB. This lowers that trigger to GC_SLACK_MIB (4 MiB) of growth in
 * heap plus external memory, so the resident size follows what the server really holds. It changes
 * when garbage is collected, never what is alive: a server holding a whole upload still grows by at
 * least its size (measured with 20 MiB files: 35 to 38 MiB with `part.toBuffer()`, 5 to 15 MiB
 * streaming).
 */
const gc = (globalThis as { gc?: () => void }).gc;
if (gc) {
  const slack = Number(process.env.GC_SLACK_MIB ?? 4) * 1024 * 1024;
  let floor = Number.POSITIVE_INFINITY;
  setInterval(() => {
    const { heapUsed, external } = process.memoryUsage();
    const used = heapUsed + external;
    if (used - floor > slack) {
      gc();
      const after = process.memoryUsage();
      floor = after.heapUsed + after.external;
    } else {
      floor = Math.min(floor, used);
    }
  }, 5).unref();
}
