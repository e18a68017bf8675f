import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { FormMessage } from './alerts';
import { CheckboxField, Field, SubmitButton, TextField } from './form-field';
import { useFormValues } from './use-form-values';

const describedBy = (element: HTMLElement) => (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
const textOf = (ids: string[]) => ids.map((id) => document.getElementById(id)?.textContent);

describe('the form kit', () => {
  it('ties the label, hint and error to the control, and marks it invalid only with an error', () => {
    const { rerender } = render(<TextField label="Adgangskode" hint="Mindst 8 tegn" value="" onChange={() => undefined} />);
    const input = screen.getByLabelText('Adgangskode');
    expect(textOf(describedBy(input))).toEqual(['Mindst 8 tegn']);
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.className).not.toMatch(/invalid/);

    rerender(<TextField label="Adgangskode" hint="Mindst 8 tegn" error="Adgangskoden er for kort." value="" onChange={() => undefined} />);
    expect(screen.getByLabelText('Adgangskode')).toBe(input);
    expect(textOf(describedBy(input))).toEqual(['Mindst 8 tegn', 'Adgangskoden er for kort.']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toMatch(/invalid/);
  });

  it('marks a field invalid without a text of its own when the form says what is wrong', () => {
    render(<TextField label="Email-adresse" invalid value="" onChange={() => undefined} />);
    const input = screen.getByLabelText('Email-adresse');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(input.className).toMatch(/invalid/);
  });

  it('gives every field an id of its own, also two of the same label', () => {
    render(
      <>
        <TextField label="Din email" value="" onChange={() => undefined} />
        <TextField label="Din email" value="" onChange={() => undefined} />
      </>,
    );
    const [first, second] = screen.getAllByLabelText('Din email');
    expect(first?.id).toBeTruthy();
    expect(first?.id).not.toBe(second?.id);
  });

  it('gives a select or any widget the same frame (Field)', () => {
    render(
      <Field label="Hvor ofte" error="Vælg en">
        {(control) => (
          <select {...control}>
            <option>Dagligt</option>
          </select>
        )}
      </Field>,
    );
    const select = screen.getByRole('combobox', { name: 'Hvor ofte' });
    expect(textOf(describedBy(select))).toEqual(['Vælg en']);
    expect(select.getAttribute('aria-invalid')).toBe('true');
  });

  it('a checkbox keeps its box (and focus) when its error comes and goes, and says the error', () => {
    function Terms() {
      const [checked, setChecked] = useState(false);
      return <CheckboxField label="Jeg accepterer vilkårene" checked={checked} onChange={setChecked} error={checked ? undefined : 'Du skal acceptere vilkårene.'} describedBy="note" />;
    }
    render(
      <>
        <p id="note">Læs dem først.</p>
        <Terms />
      </>,
    );
    const box = screen.getByRole('checkbox', { name: 'Jeg accepterer vilkårene' });
    expect(textOf(describedBy(box))).toEqual(['Læs dem først.', 'Du skal acceptere vilkårene.']);
    box.focus();
    fireEvent.click(box);
    expect(screen.getByRole('checkbox', { name: 'Jeg accepterer vilkårene' })).toBe(box);
    expect(document.activeElement).toBe(box);
    expect(textOf(describedBy(box))).toEqual(['Læs dem først.']);
    expect(box.getAttribute('aria-invalid')).toBeNull();
  });

  it('announces a form error at once and other messages politely', () => {
    render(
      <>
        <FormMessage kind="error">Det gik galt.</FormMessage>
        <FormMessage kind="success">Gemt.</FormMessage>
        <FormMessage kind="warning" role={false}>
          Slået fra.
        </FormMessage>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Det gik galt.');
    expect(screen.getByRole('status').textContent).toBe('Gemt.');
    expect(screen.getByText('Slået fra.').getAttribute('role')).toBeNull();
  });

  it('a submit button is disabled and busy while the form is sent, its text saying so', () => {
    const { rerender } = render(<SubmitButton busy={false} busyText="Sender…">Send</SubmitButton>);
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.disabled).toBe(false);
    rerender(<SubmitButton busy busyText="Sender…">Send</SubmitButton>);
    expect(button.textContent).toBe('Sender…');
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('useFormValues: a changed field loses its error, the others keep theirs', () => {
    function Form() {
      const { values, errors, setErrors, update } = useFormValues({ name: '', email: '' });
      return (
        <>
          <TextField label="Navn" value={values.name} onChange={update('name')} error={errors.name} />
          <TextField label="Email" value={values.email} onChange={update('email')} error={errors.email} />
          <button type="button" onClick={() => setErrors({ name: 'Navn mangler.', email: 'Email mangler.' })}>
            Tjek
          </button>
        </>
      );
    }
    render(<Form />);
    fireEvent.click(screen.getByRole('button', { name: 'Tjek' }));
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Mette' } });
    expect((screen.getByLabelText('Navn') as HTMLInputElement).value).toBe('Mette');
    expect(screen.queryByText('Navn mangler.')).toBeNull();
    expect(screen.getByText('Email mangler.')).toBeTruthy();
  });
});
