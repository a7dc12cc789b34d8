/**
 * The preset dictionary of packed JSON, version 1 (src/storage/packed-json.ts). Deflate finds in it the member
 * names and values GOBL envelopes repeat, so even a small document packs well. Stored rows depend on these exact
 * bytes: never edit this text; a better one is a new codec with a new tag. It is kept beside the migrations, frozen
 * as they are: migration 1764730000000 unpacks with it when it is undone.
 *
 * Fragments are in rising order of how often they occur, as deflate reaches the end of its window most cheaply.
 */
const FRAGMENTS = [
  // Rarer documents and members.
  '"$schema":"https://gobl.org/draft-0/bill/payment","type":"receipt","method":{"key":"credit-transfer","detail":',
  '"$schema":"https://gobl.org/draft-0/bill/delivery","$schema":"https://gobl.org/draft-0/bill/order","$schema":"https://gobl.org/draft-0/bill/status"',
  '"$schema":"https://gobl.org/draft-0/note/message","title":"","content":"',
  '"$schema":"https://gobl.org/draft-0/org/party","$schema":"https://gobl.org/draft-0/org/item"',
  '"preceding":[{"uuid":"","type":"standard","issue_date":"","series":"","code":"","reason":""}],',
  '"payment":{"terms":{"key":"due-date","due_dates":[{"date":"","amount":"","percent":"100%"}]},"instructions":{"key":"credit-transfer","credit_transfer":[{"iban":"","bic":"","name":""}]},"advances":[{"description":"","amount":""}]},',
  '"delivery":{"date":"","receiver":',
  '"ordering":{"code":"","period":{"start":"","end":""}},',
  '"discounts":[{"i":1,"reason":"","base":"","percent":"","amount":""}],"charges":[{"i":1,"key":"","reason":"","amount":""}],',
  '"retained":"","rounding":"","advance":"","due":"","tax_included":"VAT",',
  '"addresses":[{"num":"","street":"","street_extra":"","locality":"","region":"","code":"","country":""}],',
  '"emails":[{"addr":""}],"telephones":[{"num":""}],"people":[{"name":{"given":"","surname":""}}],',
  '"inboxes":[{"key":"","scheme":"","code":""}],"identities":[{"key":"","type":"","code":""}],"registration":{',
  '"ext":{"mx-cfdi-","pt-saft-","es-verifactu-","es-tbai-","it-sdi-","untdid-","cef-vatex":"","iso-","gr-mydata-","co-dian-","pl-favat-","fr-","de-","br-nfse-","ar-"},',
  '"tags":["simplified","reverse-charge","self-billed","customer-rates","partial","bypass","export"],',
  '"notes":[{"key":"general","code":"","src":"","text":""}],"complements":[',
  '"stamps":[{"prv":"","val":""}],"sigs":["eyJ',
  '"unit":"h","unit":"item","unit":"day","unit":"kg","unit":"one","currency":"USD","currency":"GBP","currency":"MXN",',
  '"exempt","zero","reduced","super-reduced","intermediate","standard","outside-scope","reverse-charge",',
  '"cat":"IGIC","cat":"IPSI","cat":"IRPF","cat":"ISR","cat":"IEPS","cat":"GST","cat":"ST","cat":"PIS","cat":"COFINS",',
  '"$regime":"DE","$regime":"FR","$regime":"IT","$regime":"PT","$regime":"MX","$regime":"GB","$regime":"NL","$regime":"BE","$regime":"US",',
  '"$addons":["eu-en16931-v2017","es-verifactu-v1","es-tbai-v1","pt-saft-v1","mx-cfdi-v4","it-sdi-v1","de-xrechnung-v3"],',
  // Common to most invoices.
  '"tax":{"prices_include":"VAT","ext":{}},"price":"","discounts":[{"percent":"","amount":"","reason":""}],"ref":"",',
  '"meta":{},"codes":[{"label":"","value":""}],"description":"","identities":[],',
  '"totals":{"sum":"","discount":"","charge":"","total":"","taxes":{"categories":[{"code":"VAT","retained":true,"rates":[{"key":"standard","ext":{},"base":"","percent":"","amount":""}],"amount":""}],"sum":""},"tax":"","total_with_tax":"","payable":""}',
  '"taxes":[{"cat":"VAT","key":"standard","rate":"general","percent":"21.0%"}],"taxes":[{"cat":"VAT","rate":"reduced","percent":"10.0%"}],',
  '"percent":"19.0%","percent":"20.0%","percent":"22.0%","percent":"23.0%","percent":"16.0%","percent":"0.0%","percent":"7.0%","percent":"5.5%",',
  '"supplier":{"name":"","tax_id":{"country":"ES","code":""},"addresses":[',
  '"customer":{"name":"","tax_id":{"country":"ES","code":""}},',
  '"lines":[{"i":1,"quantity":"1","item":{"name":"","price":"","unit":""},"sum":"","discounts":[],"taxes":[{"cat":"VAT","key":"standard","rate":"general","percent":"21.0%"}],"total":""},{"i":2,"quantity":"',
  '"$schema":"https://gobl.org/draft-0/bill/invoice","$regime":"ES","$addons":[],"uuid":"","type":"standard","type":"credit-note","series":"","code":"","issue_date":"","currency":"EUR",',
  '{"$schema":"https://gobl.org/draft-0/envelope","head":{"uuid":"","dig":{"alg":"sha256","val":""}},"doc":{',
];

export const PACKED_JSON_DICTIONARY_V1 = Buffer.from(FRAGMENTS.join(''), 'utf8');
