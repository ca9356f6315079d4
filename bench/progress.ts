/** A one-line progress bar on stderr, redrawn in place with \r (stdout stays for the results). */
export function progressBar(label: string, total: number) {
  const width = 30;
  const started = Date.now();
  let last = '';
  const draw = (done: number) => {
    const share = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(share * width);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(Math.round(share * 100)).padStart(3)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${seconds}s`;
    if (line === last) return;
    last = line;
    process.stderr.write(`\r${line}`);
  };
  draw(0);
  return {
    update: draw,
    done() {
      draw(total);
      process.stderr.write('\n');
    },
  };
}
