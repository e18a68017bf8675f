import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, createContext, startTransition, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { islandOnDemand, staticIsland } from './islands';

function Links({ label }: { label: string }) {
  return (
    <footer>
      <a href="/byer">{label}</a>
      <button type="button" onClick={() => undefined}>
        Cookies
      </button>
    </footer>
  );
}

let root: Root | undefined;
let container: HTMLElement | undefined;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
});

/** What the server render writes for an island (its element with the component inside). */
const serverHtml = (label: string) => renderToString(<div style={{ display: 'contents' }}><Links label={label} /></div>);

describe('static islands', () => {
  it("hydrates around the server's HTML without loading the component, and keeps it on later renders", async () => {
    const load = vi.fn(() => Promise.resolve(Links));
    const island = staticIsland(load);
    container = document.createElement('div');
    container.innerHTML = serverHtml('Alle byer');
    document.body.append(container);
    const link = container.querySelector('a')!;
    const errors: unknown[] = [];
    const clicks: string[] = [];
    const onClick = (event: React.MouseEvent) => clicks.push((event.target as Element).tagName);

    await act(async () => {
      root = hydrateRoot(container!, <island.Island props={{ label: 'Alle byer' }} onClick={onClick} />, {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    // The very node the server wrote, not a copy.
    expect(container.querySelector('a')).toBe(link);
    expect(container.textContent).toBe('Alle byerCookies');

    link.click();
    expect(clicks).toEqual(['A']);

    // New props reach it: still the server's HTML, still nothing loaded.
    await act(async () => root!.render(<island.Island props={{ label: 'Other' }} onClick={onClick} />));
    expect(container.querySelector('a')).toBe(link);
    expect(container.textContent).toBe('Alle byerCookies');
    expect(load).not.toHaveBeenCalled();
  });

  it('loads and renders the component where the browser renders the island itself', async () => {
    const load = vi.fn(() => Promise.resolve(Links));
    const island = staticIsland(load);
    container = document.createElement('div');
    document.body.append(container);
    const onClick = vi.fn();
    await act(async () => {
      root = createRoot(container!);
      root.render(<island.Island props={{ label: 'Alle byer' }} onClick={onClick} />);
    });
    await vi.waitFor(() => expect(container!.querySelector('a')?.textContent).toBe('Alle byer'));
    expect(load).toHaveBeenCalledTimes(1);
    // Its own handlers work here, so the island's handler is not attached.
    container.querySelector('a')!.addEventListener('click', (event) => event.preventDefault());
    container.querySelector('a')!.click();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('tries a chunk that failed to load again on the next render', async () => {
    const load = vi.fn<() => Promise<typeof Links>>().mockRejectedValueOnce(new Error('chunk gone')).mockResolvedValue(Links);
    const island = staticIsland(load);
    await expect(island.preload()).rejects.toThrow('chunk gone');
    await island.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });

  function Counter({ start }: { start: number }) {
    const [count, setCount] = useState(start);
    const [typed, setTyped] = useState('');
    return (
      <div>
        <input name="typed" value={typed} onChange={(event) => setTyped(event.target.value)} />
        <output>{typed}</output>
        <button type="button" onClick={() => setCount((c) => c + 1)}>
          {count}
        </button>
      </div>
    );
  }

  const Theme = createContext('light');
  function Page({ theme, island }: { theme: string; island: ReturnType<typeof islandOnDemand<{ start: number }>> }) {
    return (
      <Theme.Provider value={theme}>
        <p>{theme}</p>
        <island.Island props={PROPS} />
      </Theme.Provider>
    );
  }
  const PROPS = { start: 1 };

  it('an on-demand island keeps the server HTML until start(), then renders in its place with what was typed and the focus', async () => {
    const load = vi.fn(() => Promise.resolve(Counter));
    const island = islandOnDemand(load);
    container = document.createElement('div');
    container.innerHTML = renderToString(
      <>
        <p>light</p>
        <div style={{ display: 'contents' }}>
          <Counter start={1} />
        </div>
      </>,
    );
    document.body.append(container);
    const button = container.querySelector('button')!;
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container!, <Page theme="light" island={island} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('button')).toBe(button);

    // A context above it changes in a transition (a client navigation): it commits, nothing loads.
    await act(async () => startTransition(() => root!.render(<Page theme="dark" island={island} />)));
    expect(container.querySelector('p')!.textContent).toBe('dark');
    expect(container.querySelector('button')).toBe(button);
    expect(load).not.toHaveBeenCalled();

    // Typed into the server's field before the component is there.
    const input = container.querySelector('input')!;
    input.focus();
    input.value = 'typed before';
    await act(async () => {
      island.start();
      await island.preload();
    });
    expect(load).toHaveBeenCalledTimes(1);
    const rendered = container.querySelector('input')!;
    expect(rendered.value).toBe('typed before');
    // In the component's state too, and the field has the focus.
    expect(container.querySelector('output')!.textContent).toBe('typed before');
    expect(document.activeElement).toBe(rendered);
    await act(async () => container!.querySelector('button')!.click());
    expect(container.querySelector('button')!.textContent).toBe('2');
  });

  it('an on-demand island rendered by the browser loads at once', async () => {
    const island = islandOnDemand(() => Promise.resolve(Counter));
    container = document.createElement('div');
    document.body.append(container);
    await act(async () => {
      root = createRoot(container!);
      root.render(<island.Island props={{ start: 5 }} />);
    });
    await vi.waitFor(() => expect(container!.querySelector('button')?.textContent).toBe('5'));
  });

  it('an on-demand island whose chunk loaded before hydration hydrates the server nodes as they are', async () => {
    const island = islandOnDemand(() => Promise.resolve(Counter));
    await island.preload();
    container = document.createElement('div');
    container.innerHTML = renderToString(
      <div style={{ display: 'contents' }}>
        <Counter start={3} />
      </div>,
    );
    document.body.append(container);
    const button = container.querySelector('button')!;
    const errors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container!, <island.Island props={{ start: 3 }} />, { onRecoverableError: (error) => errors.push(error) });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('button')).toBe(button);
    await act(async () => button.click());
    expect(button.textContent).toBe('4');
  });

  /** A signup form whose submit handler reads its state, as the real ones do. */
  const sent: string[] = [];
  function Signup({ id }: { id: string }) {
    const [email, setEmail] = useState('');
    return (
      <form
        method="post"
        onSubmit={(event) => {
          event.preventDefault();
          sent.push(`${id}:${email}`);
        }}
      >
        <input name="email" value={email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit">Send</button>
      </form>
    );
  }

  async function hydrateSignups(island: ReturnType<typeof islandOnDemand<{ id: string }>>) {
    container = document.createElement('div');
    container.innerHTML = renderToString(
      <>
        <div style={{ display: 'contents' }}>
          <Signup id="above" />
        </div>
        <div style={{ display: 'contents' }}>
          <Signup id="below" />
        </div>
      </>,
    );
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(
        container!,
        <>
          <island.Island props={{ id: 'above' }} />
          <island.Island props={{ id: 'below' }} />
        </>,
      );
    });
  }

  it("a form of the server's HTML sent before the component arrived is sent by the component, with what was typed", async () => {
    sent.length = 0;
    let arrive: (component: typeof Signup) => void = () => undefined;
    const load = vi.fn(() => new Promise<typeof Signup>((resolve) => (arrive = resolve)));
    const island = islandOnDemand(load);
    await hydrateSignups(island);
    const input = container!.querySelectorAll('input')[1]!;
    input.value = 'bo@husly.test';
    // Not sent as HTML (a POST to the page): held, and the component starts loading.
    const event = new Event('submit', { bubbles: true, cancelable: true });
    await act(async () => void container!.querySelectorAll('form')[1]!.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([]);
    await act(async () => arrive(Signup));
    await vi.waitFor(() => expect(sent).toEqual(['below:bo@husly.test']));
    expect(container!.querySelectorAll('input')[1]!.value).toBe('bo@husly.test');
  });

  it('a held form is sent as plain HTML when the chunk fails to load', async () => {
    sent.length = 0;
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      sent.push(`html:${(this.elements.namedItem('email') as HTMLInputElement).value}`);
    });
    try {
      const island = islandOnDemand<{ id: string }>(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
      await hydrateSignups(island);
      container!.querySelector('input')!.value = 'bo@husly.test';
      const event = new Event('submit', { bubbles: true, cancelable: true });
      await act(async () => void container!.querySelector('form')!.dispatchEvent(event));
      await vi.waitFor(() => expect(sent).toEqual(['html:bo@husly.test']));
      expect(event.defaultPrevented).toBe(true);
      expect(submit).toHaveBeenCalledTimes(1);
    } finally {
      submit.mockRestore();
    }
  });
});
