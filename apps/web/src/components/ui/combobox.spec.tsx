import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Combobox, useCombobox } from './combobox';
import { SelectField, SliderField } from './form-field';

const CITIES = ['Aarhus', 'Aalborg', 'Odense'];

function Box({ onPick, enterPicksFirst }: { onPick(city: string): void; enterPicksFirst?: boolean }) {
  const box = useCombobox();
  const [text, setText] = useState('');
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <label htmlFor="city">By</label>
      <Combobox
        box={box}
        id="city"
        listId="cities"
        listLabel="Forslag"
        value={text}
        onType={setText}
        suggestions={CITIES.filter((c) => c.toLowerCase().startsWith(text.toLowerCase()))}
        suggestionKey={(c) => c}
        renderSuggestion={(c) => c}
        onPick={onPick}
        enterPicksFirst={enterPicksFirst}
      />
    </form>
  );
}

describe('the combobox', () => {
  it('opens on typing, moves the active option with the arrows (wrapping), picks it with Enter and closes', () => {
    const onPick = vi.fn();
    render(<Box onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'By' });
    fireEvent.change(input, { target: { value: 'a' } });
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(input.getAttribute('aria-controls')).toBe('cities');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Aarhus', 'Aalborg']);
    expect(input.getAttribute('aria-activedescendant')).toBeNull();

    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(input.getAttribute('aria-activedescendant')).toBe('cities-1');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe('cities-0');
    expect(screen.getByRole('option', { name: 'Aarhus' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('Aarhus');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('closes on Escape; Enter with no active option leaves the form to submit unless it picks the first', () => {
    const onPick = vi.fn();
    const { unmount } = render(<Box onPick={onPick} />);
    let input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'a' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(input, { target: { value: 'aa' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).not.toHaveBeenCalled();
    unmount();

    render(<Box onPick={onPick} enterPicksFirst />);
    input = screen.getByRole('combobox');
    fireEvent.change(input, { target: { value: 'o' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith('Odense');
  });

  it('picks an option on mousedown, before the blur closes the list', () => {
    const onPick = vi.fn();
    render(<Box onPick={onPick} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'aa' } });
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Aalborg' }));
    expect(onPick).toHaveBeenCalledWith('Aalborg');
  });
});

describe('the select and slider fields', () => {
  it('labels a select, offers an empty option when asked, and reports the chosen value', () => {
    const onChange = vi.fn();
    render(<SelectField label="Boligtype" name="type" options={['apartment', 'house'] as const} optionLabel={(o) => o.toUpperCase()} emptyOption="Alle" value="" onChange={onChange} />);
    const select = screen.getByLabelText('Boligtype') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => [o.value, o.text])).toEqual([
      ['', 'Alle'],
      ['apartment', 'APARTMENT'],
      ['house', 'HOUSE'],
    ]);
    fireEvent.change(select, { target: { value: 'house' } });
    expect(onChange).toHaveBeenCalledWith('house');
  });

  it('names a slider by its label, says its value in words, and ties an error to it', () => {
    const onChange = vi.fn();
    render(<SliderField label="Maks. husleje" valueText="Alle" name="rent" min={1000} max={14000} step={100} value={14000} error="For lav" onChange={onChange} />);
    const slider = screen.getByRole('slider', { name: /Maks. husleje/ });
    expect(slider.getAttribute('aria-valuetext')).toBe('Alle');
    expect(slider.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(slider.getAttribute('aria-describedby') ?? '')?.textContent).toBe('For lav');
    fireEvent.change(slider, { target: { value: '9000' } });
    expect(onChange).toHaveBeenCalledWith(9000);
  });
});
