import { describe, expect, it } from 'vitest';
import { createInterrupts } from './interrupts.js';

describe('createInterrupts', () => {
  it('leaves signals to the process while no command has claimed them', () => {
    const interrupts = createInterrupts();
    expect(interrupts.receive()).toBe('unhandled');
    expect(interrupts.stop.run.aborted).toBe(false);
  });

  it('stops the run at the first signal, teardown at the second, and insists after', () => {
    const interrupts = createInterrupts();
    const release = interrupts.claim();
    expect(interrupts.receive()).toBe('stopping');
    expect(interrupts.stop.run.aborted).toBe(true);
    expect(interrupts.stop.teardown?.aborted).toBe(false);
    expect(interrupts.receive()).toBe('hurrying');
    expect(interrupts.stop.teardown?.aborted).toBe(true);
    expect(interrupts.receive()).toBe('insisting');
    release();
    expect(interrupts.receive()).toBe('unhandled');
  });

  it('counts a release once, however often it is called', () => {
    const interrupts = createInterrupts();
    const first = interrupts.claim();
    interrupts.claim();
    first();
    first();
    expect(interrupts.receive()).toBe('stopping');
  });
});
