/**
 * The claim pump shared by the job worker and the webhook dispatcher: claims
 * up to the free concurrency, one claim at a time; a kick during a claim runs
 * another right after it, and a full batch suggests more is waiting.
 */
export type PumpParts<T> = {
  concurrency: number;
  /** Work under way (a set or a map); its size is what is not free. */
  active: { readonly size: number };
  claim(limit: number): Promise<T[]>;
  handle(item: T): Promise<void>;
};

export type ClaimPump = {
  kick(): void;
  /** Resolves when the claim under way, if any, has finished. */
  idle(): Promise<void>;
};

export function createClaimPump<T>(p: PumpParts<T>, report: (err: unknown) => void, open: () => boolean): ClaimPump {
  let filling: Promise<void> | null = null;
  let again = false;

  function kick(): void {
    if (!open()) return;
    if (filling) return void (again = true);
    filling = fill()
      .catch(report)
      .finally(() => {
        filling = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  async function fill(): Promise<void> {
    const free = p.concurrency - p.active.size;
    if (free <= 0) return;
    const batch = await p.claim(free);
    for (const item of batch) void p.handle(item).finally(kick);
    if (batch.length === free) again = true;
  }

  return { kick, idle: async () => void (await filling) };
}
