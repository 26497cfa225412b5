/** The kit's tab keyboard (ui/tabs.tsx): arrows wrap, Home and End jump, other keys are left alone. */
import { describe, expect, it } from 'vitest';
import { tabKeyTarget } from '../../src/ui/tabs';

describe('tab keyboard', () => {
  it('moves with the arrows (wrapping) and jumps with Home and End', () => {
    expect(tabKeyTarget('ArrowRight', 1, 4)).toBe(2);
    expect(tabKeyTarget('ArrowRight', 3, 4)).toBe(0);
    expect(tabKeyTarget('ArrowLeft', 0, 4)).toBe(3);
    expect(tabKeyTarget('Home', 2, 4)).toBe(0);
    expect(tabKeyTarget('End', 0, 4)).toBe(3);
    expect(tabKeyTarget('Enter', 1, 4)).toBeNull();
    expect(tabKeyTarget('ArrowDown', 1, 4)).toBeNull();
  });
});
