import { describe, expect, it, vi } from 'vitest';

// The build's two parts, stood in for here (tests otherwise get the whole text in the first).
vi.mock('virtual:stagedoor/messages-first-route', () => ({
  default: { 'directory.heading': "What's on" },
}));
let arrive: (() => void) | undefined;
vi.mock('virtual:stagedoor/messages-other-pages', async () => {
  await new Promise<void>((resolve) => (arrive = resolve));
  return { default: { 'steps.payment.heading': 'Payment' } };
});

const { currentSource, subscribeToSource, withWholeSource } = await import('./sourceCatalogue');

describe('the message source in two parts', () => {
  it('has the first route’s text at once and another page’s only with that page', async () => {
    expect(currentSource()).toEqual({ 'directory.heading': "What's on" });
    const heard = vi.fn();
    subscribeToSource(heard);
    let seenByPage: Record<string, string> | undefined;
    const page = withWholeSource(() => Promise.resolve({ default: 'PaymentPage' }))().then(
      (module) => {
        // What the page renders with, the moment its chunk is handed over.
        seenByPage = { ...currentSource() };
        return module;
      },
    );
    // The rest's chunk has been asked for, and the page is still waiting for it.
    await vi.waitFor(() => expect(arrive).toBeTypeOf('function'));
    expect(seenByPage).toBeUndefined();
    arrive!();
    await expect(page).resolves.toEqual({ default: 'PaymentPage' });
    expect(seenByPage).toEqual({
      'directory.heading': "What's on",
      'steps.payment.heading': 'Payment',
    });
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
