/**
 * Steps that undo what a benchmark set up (processes, database, keys, folders), run in reverse
 * order once: at the end, on failure, or on Ctrl-C / SIGTERM. A second Ctrl-C while they run
 * runs each step's `urgent` form instead (e.g. SIGKILL rather than a graceful stop) and exits
 * (support/guardian.ts then removes the rest).
 */
export class Teardown {
  private readonly steps: Array<{ name: string; run: () => Promise<unknown>; urgent?: () => void }> = [];
  private running: Promise<void> | undefined;

  add(name: string, run: () => Promise<unknown>, urgent?: () => void): void {
    this.steps.push({ name, run, urgent });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      while (this.steps.length > 0) {
        const step = this.steps[this.steps.length - 1]!;
        await step.run().catch((error: unknown) => {
          console.error(
            `cleanup: ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
        this.steps.splice(this.steps.indexOf(step), 1);
      }
    })();
    return this.running;
  }

  /** Ctrl-C and SIGTERM clean up, then exit. */
  onSignals(): void {
    let interruptedAt = 0;
    const handle = (signal: NodeJS.Signals) => {
      // tsx relays the terminal's Ctrl-C a moment after the process got it itself: the same press.
      if (interruptedAt && performance.now() - interruptedAt < 1000) return;
      if (interruptedAt) {
        for (const step of this.steps) step.urgent?.();
        process.exit(130);
      }
      interruptedAt = performance.now();
      console.error(`\n${signal}: cleaning up (press Ctrl-C again to kill at once)`);
      void this.run().then(() => {
        console.error('Cleaned up.');
        process.exit(signal === 'SIGINT' ? 130 : 143);
      });
    };
    process.on('SIGINT', handle);
    process.on('SIGTERM', handle);
  }
}
