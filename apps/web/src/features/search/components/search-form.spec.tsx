import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AREAS_FIXTURE } from '../../../test/areas-fixture';
import { renderApp } from '../../../test/render-app';

describe('header search', () => {
  it('navigates to /search?q= with the trimmed query', async () => {
    const { router } = renderApp('/byer', { areas: AREAS_FIXTURE });
    const header = await screen.findByRole('banner');
    await userEvent.type(within(header).getByRole('searchbox'), '  Aarhus C ');
    await userEvent.click(within(header).getByRole('button', { name: 'Søg' }));
    // A navigation commits once its loader has run: wait for the location, not the click.
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=Aarhus+C');
  });

  it('does not search with fewer than two characters and says so in the placeholder', async () => {
    const { router } = renderApp('/byer', { areas: AREAS_FIXTURE });
    const header = await screen.findByRole('banner');
    const input = within(header).getByRole('searchbox');
    await userEvent.type(input, ' a ');
    await userEvent.click(within(header).getByRole('button', { name: 'Søg' }));
    expect(router.state.location.pathname).toBe('/byer');
    expect(input.getAttribute('placeholder')).toBe('Søgeord skal indeholde mere end to tegn');
    expect((input as HTMLInputElement).value).toBe('');
  });
});
