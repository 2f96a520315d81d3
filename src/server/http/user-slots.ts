import type { AppError } from "../errors";

/**
 * At most `perUser` of one kind of heavy request running at once per person, in this process
 * (the CSV export's downloads, the import preview's files). With several app processes on one
 * DATABASE_URL each counts its own: a person's requests rarely spread over processes, and the
 * limit is about what one process holds.
 */
export class UserSlots {
  private readonly running = new Map<string, number>();

  constructor(
    private readonly perUser: number,
    private readonly refusal: () => AppError,
  ) {}

  /** Takes one of the user's slots, or throws `refusal()`; the function returned gives it back once. */
  take(userId: string): () => void {
    const count = this.running.get(userId) ?? 0;
    if (count >= this.perUser) throw this.refusal();
    this.running.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    };
  }
}
