import { Injectable } from '@nestjs/common';

/**
 * Set when the process is told to stop (SIGTERM), before anything closes: readiness answers 503,
 * every answer closes its connection (so nginx keeps none to this process), the live list's
 * streams end and new ones are refused (nginx tries the next replica). What is under way finishes.
 */
@Injectable()
export class Draining {
  private started = false;
  private readonly listeners: (() => void)[] = [];

  get active(): boolean {
    return this.started;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const listener of this.listeners.splice(0)) listener();
  }

  /** `listener` runs once, when draining starts. */
  onStart(listener: () => void): void {
    if (this.started) listener();
    else this.listeners.push(listener);
  }
}
