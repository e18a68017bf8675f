import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTranslator } from '../../lib/translator';
import { TranslatorProvider } from '../../lib/use-translation';
import { RetryBoundary } from './retry-boundary';
import da from '../../../public/locales/da/translation.json';

/** A child that throws while `state.failing` is set. */
function fragile() {
  const state = { failing: true };
  function Fragile() {
    if (state.failing) throw new Error('render failed');
    return <p>Indhold</p>;
  }
  return { state, Fragile };
}

function renderBoundary(Child: () => React.ReactNode, props: { reload: () => void; onRetry?: () => unknown }) {
  return render(
    <TranslatorProvider translator={createTranslator('da', da)}>
      <RetryBoundary {...props}>
        <Child />
      </RetryBoundary>
    </TranslatorProvider>,
  );
}

// React reports caught render errors on console.error; keep the output readable.
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('RetryBoundary', () => {
  it('shows "Øv! Noget gik galt." and the first "Prøv igen" re-renders', async () => {
    const spy = quiet();
    const reload = vi.fn();
    const onRetry = vi.fn();
    const { state, Fragile } = fragile();
    renderBoundary(Fragile, { reload, onRetry });
    expect(screen.getByRole('heading', { name: 'Øv! Noget gik galt.' })).toBeTruthy();

    state.failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByText('Indhold')).toBeTruthy();
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  it('reloads the page on the second "Prøv igen"', async () => {
    const spy = quiet();
    const reload = vi.fn();
    renderBoundary(fragile().Fragile, { reload });

    await userEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    // The re-render failed again: still the fallback, no reload yet.
    expect(await screen.findByRole('heading', { name: 'Øv! Noget gik galt.' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(reload).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
