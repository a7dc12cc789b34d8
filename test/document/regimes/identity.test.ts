import '../../../src/document/regimes';
import { normalizeTaxId, normalizeTaxIdentity, taxCodeFaults } from '../../../src/document/tax/identity-by-country';
import { spanishTaxIdKind } from '../../../src/document/regimes/es/tax-identity';

describe('tax identity codes', () => {
  test.each([
    ['ES', '93471790C'],
    ['ES', 'Z8327649K'],
    ['ES', 'B98602642'],
    ['FR', '44732829320'],
    ['FR', '39356000000'],
    ['IT', '12345678903'],
    ['PT', '999999990'],
    ['PT', '287024008'],
    ['NL', '808661863B01'],
    ['NL', '000099995B57'],
    ['GB', '844281425'],
    ['BE', '0413172884'],
    ['AT', 'U38516405'],
    ['CH', 'E284156502'],
    ['PL', '9551893317'],
    ['NO', '923456783MVA'],
    ['DK', '13585628'],
    ['IE', '3628739L'],
    ['AR', '30500010912'],
    ['CO', '9014586527'],
    ['BR', '05104582000170'],
    ['MX', 'GHI70123123Z'],
    ['IN', '27AAPFU0939F1ZV'],
    ['SG', 'M91234567X'],
    ['DE', '111111125'],
    ['EL', '094259216'],
    ['AE', '123456789012345'],
    ['SA', '300000000000003'],
    ['FI', '07375462'],
  ])('%s %s is valid', (country, code) => {
    expect(taxCodeFaults(country, code)).toEqual([]);
  });

  test.each([
    ['ES', '93471790A', 'GOBL-ES-TAX-IDENTITY-01'],
    ['ES', '00000000T', 'GOBL-ES-TAX-IDENTITY-01'],
    ['FR', '45732829320', 'GOBL-FR-TAX-IDENTITY-01'],
    ['IT', '12345678901', 'GOBL-IT-TAX-IDENTITY-01'],
    ['PT', '999999991', 'GOBL-PT-TAX-IDENTITY-01'],
    ['NL', '123456789B12', 'GOBL-NL-TAX-IDENTITY-01'],
    ['BE', '0413172885', 'GOBL-BE-TAX-IDENTITY-01'],
    ['AT', 'U38516406', 'GOBL-AT-TAX-IDENTITY-01'],
    ['PL', '9551893318', 'GOBL-PL-TAX-IDENTITY-01'],
    ['NO', '923456783', 'GOBL-NO-TAX-IDENTITY-01'],
    ['DK', '13585629', 'GOBL-DK-TAX-IDENTITY-01'],
    ['AR', '30500010913', 'GOBL-AR-TAX-IDENTITY-01'],
    ['BR', '05104582000171', 'GOBL-BR-TAX-IDENTITY-01'],
    ['MX', 'G1I70123123Z', 'GOBL-MX-TAX-IDENTITY-01'],
    ['IN', '27AAPFU0939F1ZA', 'GOBL-IN-TAX-IDENTITY-01'],
    ['DE', '111111126', 'GOBL-DE-TAX-IDENTITY-01'],
    ['EL', '094259217', 'GOBL-GR-TAX-IDENTITY-01'],
    ['SA', '300000000000004', 'GOBL-SA-TAX-IDENTITY-01'],
    ['GB', '000000000', 'GOBL-GB-TAX-IDENTITY-02'],
  ])('%s %s fails %s', (country, code, fault) => {
    expect(taxCodeFaults(country, code)).toContain(fault);
  });

  test('countries without rules and the GR alias are not checked', () => {
    expect(taxCodeFaults('US', 'ANYTHING')).toEqual([]);
    expect(taxCodeFaults('ZW', '123')).toEqual([]);
    expect(taxCodeFaults('GR', '1')).toEqual([]);
  });

  test.each([
    [
      { country: 'ES', code: 'es-9347.1790 c' },
      { country: 'ES', code: '93471790C' },
    ],
    [
      { country: 'ES', code: '1234567L' },
      { country: 'ES', code: '01234567L' },
    ],
    [
      { country: 'FR', code: '732 829 320' },
      { country: 'FR', code: '44732829320' },
    ],
    [
      { country: 'GR', code: 'GR-094259216' },
      { country: 'EL', code: '094259216' },
    ],
    [
      { country: 'EL', code: 'GR094259216' },
      { country: 'EL', code: '094259216' },
    ],
    [
      { country: 'GB', code: 'XI 844 2814 25' },
      { country: 'GB', code: '844281425' },
    ],
    [
      { country: 'NO', code: '923 456 783' },
      { country: 'NO', code: '923456783MVA' },
    ],
    [
      { country: 'CH', code: 'CHE-284.156.502 MWST' },
      { country: 'CH', code: 'E284156502' },
    ],
    [
      { country: 'MX', code: 'mxghi-701231-23z' },
      { country: 'MX', code: 'GHI70123123Z' },
    ],
    [
      { country: 'US', code: 'us 12-34' },
      { country: 'US', code: 'us 12-34' },
    ],
    [
      { country: 'ZW', code: 'zw 12-34' },
      { country: 'ZW', code: '1234' },
    ],
  ])('normalizes %j to %j', (input, output) => {
    expect(normalizeTaxId(input)).toEqual(output);
  });

  test('normalizing an identity object drops an empty code and keeps other fields', () => {
    const id = { country: 'ES', code: ' - ', type: 'x' } as Record<string, string>;
    normalizeTaxIdentity(id);
    expect(id).toEqual({ country: 'ES', type: 'x' });
  });

  test.each([
    ['B98602642', 'org'],
    ['93471790C', 'national'],
    ['Z8327649K', 'foreigner'],
    ['K1234567J', 'other'],
    ['X', undefined],
  ])('Spanish code %s is of kind %s', (code, kind) => {
    expect(spanishTaxIdKind(code)).toBe(kind);
  });
});
