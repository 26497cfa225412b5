/** 'Code non valide' for the refused forgotten-password code (spec part 2 §8.2, codes 100001 and 000001). */
import { describe, expect, it } from 'vitest';
import { failureFromResponse } from '../../sync/api/failure';
import { codeRefusalText } from '../../src/features/auth/code-refusal';

const refusal = (code: string) => failureFromResponse('GET', 'api/forgotten_passwords/check', 400, { code, message: "Le code saisi n'est pas valide." });

describe('forgotten password code refusal', () => {
  it('100001 and 000001 read Code non valide', () => {
    expect(codeRefusalText(refusal('100001'))).toBe('Code non valide');
    expect(codeRefusalText(refusal('000001'))).toBe('Code non valide');
  });
  it('anything else keeps its own text', () => {
    expect(codeRefusalText(refusal('000002'))).toBeNull();
    expect(codeRefusalText(failureFromResponse('GET', 'api/forgotten_passwords/check', 429, { message: 'Trop de tentatives' }))).toBeNull();
    expect(codeRefusalText(new Error('100001'))).toBeNull();
  });
});
