import { Global, Injectable, Module, type DynamicModule } from '@nestjs/common';

/** The time, behind one injectable: tests move it (token expiry, 14-day windows, nightly jobs). */
@Injectable()
export class Clock {
  private offsetMs = 0;
  private frozen?: number;

  now(): Date {
    return new Date(this.frozen ?? Date.now() + this.offsetMs);
  }

  /** Test helpers: pin the time, or move it forward. */
  set(at: Date): void {
    this.frozen = at.getTime();
  }

  advance(ms: number): void {
    if (this.frozen !== undefined) this.frozen += ms;
    else this.offsetMs += ms;
  }
}

@Global()
@Module({})
export class ClockModule {
  static forRoot(clock: Clock = new Clock()): DynamicModule {
    return { module: ClockModule, providers: [{ provide: Clock, useValue: clock }], exports: [Clock] };
  }
}
