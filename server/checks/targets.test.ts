import { describe, expect, it } from 'vitest';
import { chooseTarget, targetRefusal } from './targets';

describe('targetRefusal', () => {
  it('refuses a private address with a message naming the host, the address and its block', () => {
    expect(targetRefusal('mx1.example.com', '127.0.0.1')).toEqual({
      code: 'private_address',
      severity: 'error',
      message:
        'mx1.example.com resolves to 127.0.0.1, which is not a public address (127.0.0.0/8); not connected.',
      subject: 'mx1.example.com',
      params: { host: 'mx1.example.com', address: '127.0.0.1', range: '127.0.0.0/8' },
    });
  });

  it('lets a public address through, and any address when private targets are allowed', () => {
    expect(targetRefusal('mx1.example.com', '8.8.8.8')).toBeNull();
    expect(targetRefusal('mx1.example.com', '10.0.0.1', true)).toBeNull();
  });
});

describe('chooseTarget', () => {
  it('takes the first address that may be contacted, in the order given', () => {
    expect(chooseTarget('h', ['10.0.0.1', '192.168.0.1', '1.1.1.1', '8.8.8.8'])).toEqual({
      address: '1.1.1.1',
      refusal: null,
    });
  });

  it('answers the first refused address with its refusal when none may be contacted', () => {
    const choice = chooseTarget('h', ['169.254.169.254', '::1']);
    expect(choice.address).toBe('169.254.169.254');
    expect(choice.refusal?.params).toEqual({
      host: 'h',
      address: '169.254.169.254',
      range: '169.254.0.0/16',
    });
  });

  it('answers null without addresses, and the first address when private targets are allowed', () => {
    expect(chooseTarget('h', [])).toEqual({ address: null, refusal: null });
    expect(chooseTarget('h', ['127.0.0.1', '8.8.8.8'], true)).toEqual({
      address: '127.0.0.1',
      refusal: null,
    });
  });
});
