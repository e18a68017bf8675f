import { describe, expect, it } from 'vitest';
import { beaconUrl, createErrorReporter, installErrorBeacon, MAX_REPORTS_PER_PAGE } from './error-beacon';

describe('error beacon', () => {
  it('sends the message and the path without its query', () => {
    const sent: string[] = [];
    const report = createErrorReporter((url) => sent.push(url), () => '/vis/12');
    report(new TypeError('x is undefined'));
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0], 'http://localhost');
    expect(url.pathname).toBe('/i.gif');
    expect(url.searchParams.get('error')).toMatch(/^TypeError: x is undefined/);
    expect(url.searchParams.get('path')).toBe('/vis/12');
  });

  it('sends each message once and at most five a page', () => {
    const sent: string[] = [];
    const report = createErrorReporter((url) => sent.push(url), () => '/');
    for (let i = 0; i < 3; i++) report('same');
    for (let i = 0; i < 20; i++) report(`error ${i}`);
    expect(sent).toHaveLength(MAX_REPORTS_PER_PAGE);
    expect(sent.filter((url) => url.includes('error=same'))).toHaveLength(1);
  });

  it('cuts a long message to what the server keeps', () => {
    const url = new URL(beaconUrl('x'.repeat(5000), '/'), 'http://localhost');
    expect(url.searchParams.get('error')).toHaveLength(1000);
  });

  it('reports window errors and unhandled rejections through an image', () => {
    const images: string[] = [];
    class FakeImage {
      set src(url: string) {
        images.push(url);
      }
    }
    const target = new EventTarget();
    const win = Object.assign(target, { Image: FakeImage, location: { pathname: '/koebenhavn' } }) as unknown as Window & Pick<typeof globalThis, 'Image'>;
    installErrorBeacon(win);
    win.dispatchEvent(Object.assign(new Event('error'), { error: new Error('boom'), message: 'boom' }));
    win.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'rejected' }));
    expect(images.map((url) => new URL(url, 'http://localhost').searchParams.get('error'))).toEqual([expect.stringMatching(/^Error: boom/), 'rejected']);
  });
});
