import { describe, expect, it } from 'vitest';
import { contactRequestSchema } from './content';

const valid = { name: 'Ida Jensen', email: 'ida@example.dk', subject: 'Mit abonnement', message: 'Hvordan opsiger jeg mit abonnement?' };
const refusedField = (body: unknown) => {
  const parsed = contactRequestSchema.safeParse(body);
  return parsed.success ? null : parsed.error.issues[0]?.path.join('.');
};

describe('contactRequestSchema (POST /api/contact)', () => {
  it('takes a filled form, trimmed', () => {
    expect(contactRequestSchema.parse({ ...valid, email: ' ida@example.dk ', subject: ' Mit abonnement ' })).toEqual(valid);
  });

  it.each([
    [{ ...valid, subject: 'Hej\r\nBcc: victim@example.com' }, 'subject'],
    [{ ...valid, subject: 'Hej\nBcc: victim@example.com' }, 'subject'],
    [{ ...valid, name: 'Ida\rBcc: victim@example.com' }, 'name'],
    [{ ...valid, email: 'ida@example.dk\nBcc: victim@example.com' }, 'email'],
    [{ ...valid, subject: 'a\u2028b' }, 'subject'],
    [{ ...valid, name: '' }, 'name'],
    [{ ...valid, email: 'ida' }, 'email'],
    [{ ...valid, message: 'for kort' }, 'message'],
    [{ ...valid, message: 'x\u0000'.repeat(10) }, 'message'],
    [{ ...valid, subject: 'x'.repeat(151) }, 'subject'],
  ])('refuses %j naming %s', (body, field) => {
    expect(refusedField(body)).toBe(field);
  });

  it('keeps line breaks in the message itself', () => {
    expect(contactRequestSchema.parse({ ...valid, message: 'Hej\n\nVenlig hilsen Ida' }).message).toBe('Hej\n\nVenlig hilsen Ida');
  });
});
