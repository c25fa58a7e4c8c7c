import { describe, expect, it } from 'vitest';
import { TextResponse } from '../engine/http';
import { BufferedRequest } from './buffered-request';

const bytes = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, 'utf8'));
const request = (body?: string): BufferedRequest =>
  new BufferedRequest(
    new URL('http://localhost/fhir/R4/Patient'),
    'POST',
    new Headers(),
    body ? bytes(body) : undefined
  );

describe('a request whose body the host has read', () => {
  it('reads as the text that was sent, beyond ASCII too, once looking at its body', async () => {
    const sent = request('{"family":"Žąsinas"}');
    expect(sent.body).not.toBeNull();
    expect(sent.bodyUsed).toBe(false);
    expect(await sent.json()).toEqual({ family: 'Žąsinas' });
    expect(sent.bodyUsed).toBe(true);
  });

  it('does not hand its body out twice, as fetch does not', async () => {
    const sent = request('abc');
    expect(await sent.text()).toBe('abc');
    await expect(sent.text()).rejects.toThrow('already read');
  });

  it('streams its bytes to a reader of the body stream, and a clone reads them as well', async () => {
    const sent = request('stream me');
    const copy = sent.clone();
    expect(await new Response(sent.body).text()).toBe('stream me');
    expect(new TextDecoder().decode(await copy.arrayBuffer())).toBe('stream me');
  });

  it('has no body when none was sent', async () => {
    const sent = request();
    expect(sent.body).toBeNull();
    expect(await sent.text()).toBe('');
  });
});

describe('an answer made from a text in memory', () => {
  it('reads as that text through every reader, once, and a clone reads it too', async () => {
    const answer = new TextResponse('{"resourceType":"Patient","id":"é"}', {
      status: 201,
      headers: { 'Content-Type': 'application/fhir+json' },
    });
    const copy = answer.clone();
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toBe('application/fhir+json');
    expect(await answer.json()).toEqual({ resourceType: 'Patient', id: 'é' });
    await expect(answer.text()).rejects.toThrow('already read');
    expect(copy.status).toBe(201);
    expect(await new Response(copy.body).text()).toBe('{"resourceType":"Patient","id":"é"}');
  });
});
