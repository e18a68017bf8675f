import { act, fireEvent } from '@testing-library/react';

// Two presses in one batch, before React has drawn the button disabled: what a double click, a
// held Enter or a second tap can do on a slow phone. Only a guard in the handler stops the second;
// the disabled attribute alone cannot, as the first press's re-render has not happened yet.

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
