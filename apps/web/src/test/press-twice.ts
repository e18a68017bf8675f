import { act, fireEvent } from '@testing-library/react';

// Two presses in one batch, before React has re-rendered after the first: the state that disables
// the button is set but not drawn yet, so only a guard in the handler stops the second. The
// attribute alone covers a slower double click; this is the case it cannot. Count what was sent
// after the page's requestsAnswered() (render-app.tsx), so a second request in flight is counted.

export function clickTwice(element: HTMLElement) {
  act(() => {
    fireEvent.click(element);
    fireEvent.click(element);
  });
}

export function submitTwice(form: HTMLElement) {
  act(() => {
    fireEvent.submit(form);
    fireEvent.submit(form);
  });
}
