// Figures (extension keys, codes, scenario filters and outputs) of GOBL v0.502.1, held as project data.

import type { AddonDefinition } from '../../tax/addon-def';

export const GR_MYDATA_V1: AddonDefinition = {
  key: 'gr-mydata-v1',
  extensions: [
    { key: 'gr-mydata-vat-rate', codes: ['1', '2', '3', '4', '5', '6', '7', '8'] },
    {
      key: 'gr-mydata-invoice-type',
      codes: [
        '1.1', '1.2', '1.3', '1.4', '1.5', '1.6', '2.1', '2.2', '2.3', '2.4', '3.1', '3.2',
        '5.1', '5.2', '6.1', '6.2', '7.1', '8.1', '8.2', '11.1', '11.2', '11.3', '11.4', '11.5',
        '13.1', '13.2', '13.3', '13.4', '13.30', '13.31', '14.1', '14.2', '14.3', '14.4', '14.5',
        '14.30', '14.31', '15.1', '16.1', '17.1', '17.2', '17.3', '17.4', '17.5', '17.6'
      ],
    },
    { key: 'gr-mydata-payment-means', codes: ['1', '2', '3', '4', '5', '6', '7'] },
    {
      key: 'gr-mydata-exemption',
      codes: [
        '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16',
        '17', '18', '19', '20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '30', '31'
      ],
    },
    {
      key: 'gr-mydata-income-cat',
      codes: [
        'category1_1', 'category1_2', 'category1_3', 'category1_4', 'category1_5', 'category1_6',
        'category1_7', 'category1_8', 'category1_9', 'category1_10', 'category1_95'
      ],
    },
    {
      key: 'gr-mydata-income-type',
      codes: [
        'E3_106', 'E3_205', 'E3_210', 'E3_305', 'E3_310', 'E3_318', 'E3_561_001', 'E3_561_002',
        'E3_561_003', 'E3_561_004', 'E3_561_005', 'E3_561_006', 'E3_561_007', 'E3_562', 'E3_563',
        'E3_564', 'E3_565', 'E3_566', 'E3_567', 'E3_568', 'E3_570', 'E3_595', 'E3_596', 'E3_597',
        'E3_880_001', 'E3_880_002', 'E3_880_003', 'E3_880_004', 'E3_881_001', 'E3_881_002',
        'E3_881_003', 'E3_881_004', 'E3_598_001', 'E3_598_003'
      ],
    },
    { key: 'gr-mydata-tax-type', codes: ['1', '2', '3', '4', '5'] },
    {
      key: 'gr-mydata-fee',
      codes: [
        '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16',
        '17', '18', '19', '20', '21', '22'
      ],
    },
    {
      key: 'gr-mydata-other-tax',
      codes: [
        '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14', '15', '16',
        '17', '18', '19', '20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '30'
      ],
    },
    { key: 'gr-mydata-stamp-duty', codes: ['1', '2', '3', '4'] },
  ],
  tags: {
    'bill/invoice': ['islands', 'goods', 'services', 'export', 'eu'],
  },
  scenarios: [
    { schema: 'bill/invoice', types: ['standard'], ext: { 'gr-mydata-invoice-type': '2.1' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['goods'], ext: { 'gr-mydata-invoice-type': '1.1' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['goods', 'export'], ext: { 'gr-mydata-invoice-type': '1.3' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['goods', 'export', 'eu'], ext: { 'gr-mydata-invoice-type': '1.2' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['goods', 'self-billed'], ext: { 'gr-mydata-invoice-type': '1.4' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['services'], ext: { 'gr-mydata-invoice-type': '2.1' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['services', 'export'], ext: { 'gr-mydata-invoice-type': '2.3' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['services', 'export', 'eu'], ext: { 'gr-mydata-invoice-type': '2.2' } },
    { schema: 'bill/invoice', types: ['credit-note'], ext: { 'gr-mydata-invoice-type': '5.1' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['simplified'], ext: { 'gr-mydata-invoice-type': '11.3' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['goods', 'simplified'], ext: { 'gr-mydata-invoice-type': '11.1' } },
    { schema: 'bill/invoice', types: ['standard'], tags: ['services', 'simplified'], ext: { 'gr-mydata-invoice-type': '11.2' } },
    { schema: 'bill/invoice', types: ['credit-note'], tags: ['simplified'], ext: { 'gr-mydata-invoice-type': '11.4' } },
    { schema: 'bill/invoice', types: ['credit-note'], tags: ['goods', 'simplified', 'self-billed'], ext: { 'gr-mydata-invoice-type': '11.5' } },
  ],
};
