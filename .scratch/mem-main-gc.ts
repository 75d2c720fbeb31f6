const mb = (n: number) => (n / 1048576).toFixed(1);
setInterval(() => { (globalThis as any).gc(); }, 20).unref();
setInterval(() => {
  const m = process.memoryUsage();
  process.stderr.write(`MEM rss=${mb(m.rss)} heapTotal=${mb(m.heapTotal)} heapUsed=${mb(m.heapUsed)} external=${mb(m.external)} arrayBuffers=${mb(m.arrayBuffers)}\n`);
}, 250).unref();
await import('../src/main.ts');
