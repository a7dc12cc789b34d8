import type { JsonObject } from '../../../../src/document/base/types';
import { editedRunner } from '../run-edited';

/** br-nfse-v1 end to end; every expected default, code and path was checked against GOBL with the addon. */

const ctx = { newUuid: () => '0190a5f2-7c3e-7000-8000-000000000001', now: new Date('2025-03-01T10:00:00Z') };

function invoice(): JsonObject {
  return {
    $schema: 'https://gobl.org/draft-0/bill/invoice',
    $addons: ['br-nfse-v1'],
    series: 'RPS',
    code: '12',
    issue_date: '2025-02-20',
    currency: 'BRL',
    supplier: {
      name: 'Oficina Digital Ltda.',
      tax_id: { country: 'BR', code: '55263640000186' },
      addresses: [{ num: '10', street: 'Rua das Flores', locality: 'Centro', state: 'SP', code: '01001-000', country: 'BR' }],
      ext: { 'br-ibge-municipality': '3550308', 'br-nfse-simples': '2' },
    },
    customer: { name: 'Cliente Exemplo S.A.', tax_id: { country: 'BR', code: '46602178000103' } },
    lines: [
      {
        quantity: '2',
        item: { name: 'Suporte técnico', price: '250.00', ext: { 'br-nfse-service': '1.07' } },
        taxes: [{ cat: 'ISS', percent: '5%' }],
      },
    ],
  };
}

const run = editedRunner(ctx, invoice);

const supplier = (d: JsonObject) => d.supplier as JsonObject;
const line = (d: JsonObject) => (d.lines as JsonObject[])[0];
const item = (d: JsonObject) => line(d).item as JsonObject;

describe('br-nfse-v1', () => {
  it('sets the fiscal incentive and ISS liability defaults, and the document passes', () => {
    const { doc, faults } = run();
    expect(faults).toEqual([]);
    expect(supplier(doc).ext).toEqual({ 'br-ibge-municipality': '3550308', 'br-nfse-fiscal-incentive': '2', 'br-nfse-simples': '2' });
    expect((line(doc).taxes as JsonObject[])[0].ext).toEqual({ 'br-nfse-iss-liability': '1' });
  });

  it('keeps values already given', () => {
    const { doc } = run((d) => {
      (supplier(d).ext as JsonObject)['br-nfse-fiscal-incentive'] = '1';
      (line(d).taxes as JsonObject[])[0].ext = { 'br-nfse-iss-liability': '3' };
    });
    expect((supplier(doc).ext as JsonObject)['br-nfse-fiscal-incentive']).toBe('1');
    expect((line(doc).taxes as JsonObject[])[0].ext).toEqual({ 'br-nfse-iss-liability': '3' });
  });

  const I = 'GOBL-BR-NFSE-BILL-INVOICE';
  test.each<[string, (d: JsonObject) => void, string[]]>([
    ['no series', (d) => delete d.series, [`${I}-01 $.doc.series`]],
    ['a code with letters', (d) => (d.code = 'A1'), [`${I}-02 $.doc.code`]],
    ['a code with a leading zero', (d) => (d.code = '01'), [`${I}-02 $.doc.code`]],
    ['a supplier without tax ID', (d) => delete supplier(d).tax_id, [`${I}-04 $.doc.supplier.tax_id`]],
    ['a supplier tax ID without code', (d) => delete (supplier(d).tax_id as JsonObject).code, [`${I}-05 $.doc.supplier.tax_id.code`]],
    ['a supplier without addresses', (d) => delete supplier(d).addresses, [`${I}-07 $.doc.supplier.addresses`]],
    ['only a null supplier address', (d) => (supplier(d).addresses = [null]), [`${I}-07 $.doc.supplier.addresses`]],
    [
      'an empty supplier address',
      (d) => (supplier(d).addresses = [{}]),
      ['street', 'num', 'locality', 'state', 'code']
        .map((f, i) => `${I}-${String(9 + i).padStart(2, '0')} $.doc.supplier.addresses[0].${f}`)
        .sort(),
    ],
    ['no Simples Nacional option', (d) => delete (supplier(d).ext as JsonObject)['br-nfse-simples'], [`${I}-14 $.doc.supplier.ext`]],
    ['no municipality', (d) => delete (supplier(d).ext as JsonObject)['br-ibge-municipality'], [`${I}-14 $.doc.supplier.ext`]],
    ['charges', (d) => (d.charges = [{ amount: '10.00', reason: 'frete' }]), [`${I}-15 $.doc.charges`]],
    ['discounts', (d) => (d.discounts = [{ amount: '10.00', reason: 'promo' }]), [`${I}-16 $.doc.discounts`]],
    ['another currency without a rate', (d) => (d.currency = 'USD'), [`${I}-17 $.doc`]],
    ['a line without ISS', (d) => (line(d).taxes = [{ cat: 'PIS', percent: '1%' }]), ['GOBL-BR-NFSE-BILL-LINE-01 $.doc.lines[0]']],
    ['an item without service code', (d) => delete item(d).ext, ['GOBL-BR-NFSE-ORG-ITEM-01 $.doc.lines[0].item.ext']],
    [
      'an operation indicator alone',
      (d) => ((item(d).ext as JsonObject)['br-nfse-operation'] = '123456'),
      ['GOBL-BR-NFSE-ORG-ITEM-02 $.doc.lines[0].item.ext'],
    ],
  ])('faults: %s', (_n, edit, want) => {
    expect(run(edit).faults).toEqual(want);
  });

  it('accepts an exchange rate to BRL and the three IBS/CBS codes together', () => {
    const { faults } = run((d) => {
      d.currency = 'USD';
      d.exchange_rates = [{ from: 'USD', to: 'BRL', amount: '5.0' }];
      Object.assign(item(d).ext as JsonObject, {
        'br-nfse-operation': '123456',
        'br-nfse-tax-status': '000',
        'br-nfse-tax-class': '000001',
      });
    });
    expect(faults).toEqual([]);
  });

  it('leaves the codes and patterns of extension values unchecked, as GOBL does', () => {
    const { faults } = run((d) => {
      Object.assign(item(d).ext as JsonObject, {
        'br-nfse-cnae': 'x',
        'br-nfse-operation': '12345',
        'br-nfse-tax-status': '00',
        'br-nfse-tax-class': '000001',
      });
      (line(d).taxes as JsonObject[])[0].ext = { 'br-nfse-iss-liability': '9' };
    });
    expect(faults).toEqual([]);
  });
});
