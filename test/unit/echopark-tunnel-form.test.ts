/**
 * The echopark tunnel's yup schemas (formik, like the other tunnels): each
 * step says what it lacks in the spec's French, a domain must be one of the
 * chosen type's, and the message must have words.
 */
import { describe, expect, it } from 'vitest';
import { emptyTunnel, tunnelStepSchema } from '../../src/features/echopark/tunnel-form';

const errorOf = async (step: number, values: object, domainIds: number[] = []) => {
  try {
    await tunnelStepSchema(step, domainIds).validate({ ...emptyTunnel, ...values });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('echopark tunnel form', () => {
  it('asks for a type, a property, a domain of the type and a message, step by step', async () => {
    expect(await errorOf(0, {})).toBe('Choisissez un type de demande.');
    expect(await errorOf(0, { typeId: '3' })).toBeNull();
    expect(await errorOf(1, {})).toBe('Choisissez le bien concerné.');
    expect(await errorOf(1, { property: { id: 1, name: 'Bâtiment B' } })).toBeNull();
    expect(await errorOf(2, {}, [10, 11])).toBe('Choisissez un domaine.');
    expect(await errorOf(2, { domainId: 12 }, [10, 11])).toBe('Choisissez un domaine.');
    expect(await errorOf(2, { domainId: 11 }, [10, 11])).toBeNull();
    expect(await errorOf(3, {})).toBeNull();
    expect(await errorOf(4, { message: '  \n ' })).toBe('Le message de la demande est obligatoire.');
    expect(await errorOf(4, { message: 'Des cartons devant le bâtiment B' })).toBeNull();
  });
});
