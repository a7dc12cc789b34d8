/**
 * The official e-invoice artefacts `npm run fetch:artefacts` puts in EINVOICE_ARTEFACTS_DIR: each from its
 * publisher's repository at a pinned commit, each file pinned by its SHA-256, laid out as the validator reads them
 * (src/formats/validation/rule-sets.ts). A new release is a new commit and new checksums here.
 */
export interface ArtefactSource {
  what: string;
  /** The publisher's repository on GitHub, and the commit the files are read at. */
  repo: string;
  commit: string;
  /** The folder in the repository, and the folder in EINVOICE_ARTEFACTS_DIR. */
  from: string;
  to: string;
  /** Each file, relative to both folders, with its SHA-256. */
  files: [path: string, sha256: string][];
}

export const ARTEFACT_SOURCES: ArtefactSource[] = [
  {
    what: "OASIS UBL 2.1 XML Schema (as GOBL's UBL converter keeps it, unchanged)",
    repo: 'invopop/gobl.ubl',
    commit: '39e5b6369b7bb37d8b3bc90a7e4cdd40be01424b',
    from: 'test/data/schema',
    to: 'ubl/xsd',
    files: [
      ['maindoc/UBL-CreditNote-2.1.xsd', 'a54651b1225052f811bf2ba01346f13f2454e7cc3e0be290c91dd680dc7b7b1a'],
      ['maindoc/UBL-Invoice-2.1.xsd', '40fae8cb436f3a9506d7acce65ba162caef3b0bed4d5cbc0992b2153ded4edf4'],
      ['common/CCTS_CCT_SchemaModule-2.1.xsd', 'dd546e4809df86b6445589f69f0d6c9df162840ae386574ddfc1da7638103e15'],
      ['common/UBL-CommonAggregateComponents-2.1.xsd', '939172ad8dd057cd403e7f763f6532184dd5ed4b9de24c42ebb35db4792ba613'],
      ['common/UBL-CommonBasicComponents-2.1.xsd', 'bd4ad043ee1d9da1c7f8018dabf739cfafdfb59143d0d16b9ef769e6b7c408a7'],
      ['common/UBL-CommonExtensionComponents-2.1.xsd', 'ad7a4e490978adfbcfc5ec0bb20941cf11ac960ccf0c4de8791a7c731a8dbe87'],
      ['common/UBL-CommonSignatureComponents-2.1.xsd', '3db472305f029bba5c1ae157bfd0178f715c3f9b94bd8e6c557dbce5e88da874'],
      ['common/UBL-ExtensionContentDataType-2.1.xsd', 'fcee77a11870208e6377ea6311b9f2a050bca24bdad8606ea02d71e9f9e72f8d'],
      ['common/UBL-QualifiedDataTypes-2.1.xsd', '7dcb156e610239c97ae70940cf4653b88e48c3595bf5f56a2204a32e2893e6cf'],
      ['common/UBL-SignatureAggregateComponents-2.1.xsd', '17bb6b62d709b4fd81449a37655af36aa6a1276ad4fdb1b2e249a5ed4b7c2172'],
      ['common/UBL-SignatureBasicComponents-2.1.xsd', 'cef924d7ba3d1d8ade14469325cde1364f8c174e46f0198ec02da8e9e748a489'],
      ['common/UBL-UnqualifiedDataTypes-2.1.xsd', '09052d406b4293e2a5f9c2bfee6df10ad4d8d5f0b36e24a6349d7f7936d89eb6'],
      ['common/UBL-XAdESv132-2.1.xsd', 'a4f726bcf8cc3f7d9ffa4dab99e005535a8e8b60dced1e5d94578d2e05afa96e'],
      ['common/UBL-XAdESv141-2.1.xsd', '1fa4625e9cefcb7a9abb5ac1b64315547450031eece8a55bd584e4ba4b79dbc1'],
      ['common/UBL-xmldsig-core-schema-2.1.xsd', '101909c9f06456d61ddcc4fb982f1d40dc357b439f393b1a2eb46e42acd60809'],
    ],
  },
  {
    what: 'UN/CEFACT CII D16B XML Schema (the SCRDM subset, uncoupled)',
    repo: 'ConnectingEurope/eInvoicing-EN16931',
    commit: 'b6c9e06a59812fb1a83585da40923b3678a649ad',
    from: 'cii/schema/D16B SCRDM (Subset)/uncoupled clm',
    to: 'cii/xsd',
    files: [
      [
        'CII/uncefact/identifierlist/standard/ISO_ISOTwo-letterCountryCode_SecondEdition2006.xsd',
        '9260e5b7abd9a419938ed3eb1c5c63382e93c7f3b6a863b090e81840a2dddd6c',
      ],
      [
        'CII/uncefact/identifierlist/standard/UNECE_FreightCostCode_4.xsd',
        '30778d3ed87f425c524de0ffd270e334f7209fc3d9d146c70b2e465f42fe3031',
      ],
      [
        'CII/uncefact/identifierlist/standard/UNECE_PaymentTermsDescriptionIdentifier_D16A.xsd',
        '8c5500644c0ece33aee4853175bc7ad33a375d7a0783d65e44aefa12914997c5',
      ],
      ['CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd', 'b9798aafcba039d0630f0015ffae5092a1758bf924d19d97b6bf0bf9d95f22a0'],
      [
        'CII/uncefact/data/standard/CrossIndustryInvoice_QualifiedDataType_100pD16B.xsd',
        'a39e0662c31fbdca22237118d6b6bbfa16f69efbd1ee5b23787366349c5b924d',
      ],
      [
        'CII/uncefact/data/standard/CrossIndustryInvoice_ReusableAggregateBusinessInformationEntity_100pD16B.xsd',
        'cc682d67791ffe16c45320619ff089a1c8f3ad22691fc426e4056f2e67909fe0',
      ],
      [
        'CII/uncefact/data/standard/CrossIndustryInvoice_UnqualifiedDataType_100pD16B.xsd',
        '5d4ce8a6445caa4b7691f6fba6ad08e312e6a853cd3a422666d121ee2d13ef8c',
      ],
      [
        'CII/uncefact/codelist/standard/EDIFICAS-EU_AccountingAccountType_D11A.xsd',
        'b361d255f47705f6b9f561fc907428858e14653473fc9e75b0f75b2b9e8e48b5',
      ],
      [
        'CII/uncefact/codelist/standard/EDIFICAS-EU_AccountingAmountType_D11A.xsd',
        '92d067ba81b986972258e468ffbe7b22d2a1e4e6199d7f537e179204ff7bdbc5',
      ],
      [
        'CII/uncefact/codelist/standard/ISO_ISO3AlphaCurrencyCode_2012-08-31.xsd',
        'aa9cbc3e4ba0def75255b66a260fc442fccea054d308e8fbb8ca70ae715e21e2',
      ],
      ['CII/uncefact/codelist/standard/UNECE_ActionCode_D16A.xsd', '5cd5abcba783a09d9d019ad2a1c81e3d528029b867ed399c50ed89a59a30ccb1'],
      [
        'CII/uncefact/codelist/standard/UNECE_AdjustmentReasonDescriptionCode_D16A.xsd',
        '166049478c09d64c5acaf93ffa47d72b13b4b815af712da4c794f7f3c7368224',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_AllowanceChargeIdentificationCode_D16A.xsd',
        '636fe3edafd159d5fe70249b2766140104977509b82e76c04128327e32752ddb',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_AllowanceChargeReasonCode_D16A.xsd',
        'c2c444eb7ecd086f86bfb457d429b7e425544f2375845ca32113557eb6a01451',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_AutomaticDataCaptureMethodCode_D16A.xsd',
        'b1dc8d783f4fda8bb41293282ad2bfec9a19cdcaa5ea4c44883cd60bf5245639',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_CargoOperationalCategoryCode_D16A.xsd',
        'cab6e7d4366175005fb6b4b917f532b59661dd85bc98818d5b9036daa450d69e',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_CargoTypeCode_1996Rev2Final.xsd',
        'aaa666b36e590fa105110a34ddb0099640afa17027fdab04605cb05dab3f168c',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_CommodityIdentificationCode_D16A.xsd',
        '482155316eefbbf1cd772ec46b81a74c1486df4eb3738d1962b3f1c701efff35',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_CommunicationMeansTypeCode_D16A.xsd',
        'eb44f72bd9ba8772df1a7868ef2d102efab06e9ef2004bf59588e5ec761b4b50',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_ContactFunctionCode_D16A.xsd',
        'd384d467bc16428141498b6016b53a085a45efdb4fcdccec0df47ad6a407be55',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_DeliveryTermsCode_2010.xsd',
        '408859328850274ea72ce70540d511285b6dc6e2c26f9a8ebea07b72ea03ac15',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_DimensionTypeCode_D16A.xsd',
        '076690b1f51a15bb8f29420469d3d6bb2935d72c0aa865cf7734911be8552de1',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_DocumentNameCode_Accounting_D16A.xsd',
        '6c6bd43fee17dd35ffc2115fcd72925c98ee00affcc9d261008843247f70206e',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_DocumentNameCode_D16A.xsd',
        '213ed454ccdd6386cd371ecacf913d7eddfccf8819cd51ebbeab93389078f676',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_DocumentStatusCode_D16A.xsd',
        'f253eeabc2120310a90d99058235b2f0817e052b3696fb25268562eac94a1fd0',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_DutyTaxFeeTypeCode_D16A.xsd',
        'b2bd6b78faa666b0b2e75e82cb2360117b3dd2a8e30080ecd827f9b9ef1ff3e5',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_DutyorTaxorFeeCategoryCode_D16A.xsd',
        '9c067673378bb8b557e58d499b3a6b41ad482431a3c23550aed4837816d7fa39',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_EquipmentSizeTypeDescriptionCode_D16A.xsd',
        '7936b66984df69229f9ded17ac286bd54e55731002bda0cbd622c227444aa312',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_EventTimeReferenceCodePaymentTermsEvent_D16A.xsd',
        '739bfda0ef8376956c49b842a7bed0a2d9f44757fc5dc2afc31a4619b0146cd9',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_EventTimeReferenceCode_D16A.xsd',
        '2bd1aafb7ff7dd001f46c6ff254c00a6ad7c1db305fcda7ffbd5daece286b6e8',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_FreightChargeQuantityUnitBasisCode_D16A.xsd',
        'bc73d4f16067d57c50b16e2a93839359e3f43de54fb1973425f60454a675996f',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_FreightChargeTariffCode_D16A.xsd',
        'aef84f453a450528e9084573858ce2eb71f7b2e20533ed94f059ae313dd17269',
      ],
      ['CII/uncefact/codelist/standard/UNECE_GoodsTypeCode_D16A.xsd', '1faa4d576617fb8cc81b6dbf86242c506ad5b4cea4ecd14440dd13d0c8596dea'],
      [
        'CII/uncefact/codelist/standard/UNECE_GoodsTypeExtensionCode_D16A.xsd',
        '1b464672338ae2a7b717877cbe29b6954c5f6be8c507868a61d7edfa5899bec0',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_MeasurementUnitCommonCodeLinear_4.xsd',
        'd4e48ab51445ae0270bcbb7ebb757eead18e653b3f36534a91befa7f9e958fe6',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_MeasurementUnitCommonCodeVolume_4.xsd',
        '96b42244d774bbbd628ef137b775ba93d0becd2c5463de7e4eaad3ca39db1230',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_MeasurementUnitCommonCodeWeight_4.xsd',
        'a1e85e992e9d071bd01785f696704d5c3f9110cc20f3665410663cdaade5fced',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_MessageFunctionCode_D16A.xsd',
        '884e2de87556d44eaaba5a6610999166835ceb17a95ffa8ee0513ea3537270a4',
      ],
      ['CII/uncefact/codelist/standard/UNECE_PackageTypeCode_2006.xsd', '24b52c6daa4e25c8daa497de0c2ae455b2d009108c56d937810ebc88e1033a96'],
      [
        'CII/uncefact/codelist/standard/UNECE_PackagingMarkingCode_D16A.xsd',
        '23264a849c7d1c10fd49c4225c8515227ca84111dbbc8ee1604847eb8709ddc4',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_PartyRoleCode_ChargePaying_D16A.xsd',
        '9b0fdc65dc42b6321946f73928738d37270f09f8336aeaee45ccbab19ee97c2f',
      ],
      ['CII/uncefact/codelist/standard/UNECE_PartyRoleCode_D16A.xsd', '6964994cbddcf4bd958d53989b3e6c58f4deb85557631931053064c812fe1505'],
      [
        'CII/uncefact/codelist/standard/UNECE_PaymentGuaranteeMeansCode_D16A.xsd',
        '410d9664834c4386339cda07490fb3193e407ffff8f98de33588568300ff1761',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_PaymentMeansChannelCode_D16A.xsd',
        '32096394aa869a6822bb00387cd8aa681544edc42f3048becf831446d59a9020',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_PaymentMeansCode_D16A.xsd',
        '6c3b02f1b0900f405fbe3cba8de0513c3a7f92f84581eaab47d722e3813c1ad0',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_PaymentTermsTypeCode_D16A.xsd',
        'f53f9b980eaa3adf742a31d3af2f2a0439858c01234fff29f2293ee2bc25aef9',
      ],
      ['CII/uncefact/codelist/standard/UNECE_PriceTypeCode_D16A.xsd', '9753c0e3350b214046905a959604cf32d81f48f6eb1a0a582b80f020ed276ac4'],
      [
        'CII/uncefact/codelist/standard/UNECE_ReferenceTypeCode_D16A.xsd',
        'd23f6d424f0b050ea686ca887b525914b2e4a31a4c62a5949693c636d9b5b2cc',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_TimePointFormatCode_D16A.xsd',
        '43e8c9bf574bffe72f2c282339a04b49704a7d675dcca4b1d946e98f0b896cfd',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_TransportEquipmentCategoryCode_D16A.xsd',
        'b05e90441f1fb5205347ae3e0be34207ce9686ec1cf15fe7108c48e2a0767ad4',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_TransportEquipmentFullnessCode_D16A.xsd',
        '7ceaf04b36e285942de0624923492944d8a7e7766694efc7bc6e48df5bfb2abb',
      ],
      [
        'CII/uncefact/codelist/standard/UNECE_TransportMeansTypeCode_2007.xsd',
        '74840fc911e38efccd73ded1271b1a722d3dec2bf31d2670ec499bc3751d9ec7',
      ],
      ['CII/uncefact/codelist/standard/UNECE_TransportModeCode_2.xsd', '73784d1e62b6cac27ae668541c0eacbf2e20daf5dba7f0d3ad0957a80642e100'],
      [
        'CII/uncefact/codelist/standard/UNECE_TransportMovementStageCode_D16A.xsd',
        '745e2e548ade9c3a456c31ee8f664befa1fbe89cf9cfbd7002e7e8156fcab565',
      ],
    ],
  },
  {
    what: 'CEN/TC 434 EN 16931 rules for UBL',
    repo: 'ConnectingEurope/eInvoicing-EN16931',
    commit: 'b6c9e06a59812fb1a83585da40923b3678a649ad',
    from: 'ubl/schematron/preprocessed',
    to: 'en16931/ubl/preprocessed',
    files: [['EN16931-UBL-validation-preprocessed.sch', '268d4f7a2688676695e6c69cba6fba69a6802604fee12cb544a6b30ff09555a3']],
  },
  {
    what: 'CEN/TC 434 EN 16931 rules for CII',
    repo: 'ConnectingEurope/eInvoicing-EN16931',
    commit: 'b6c9e06a59812fb1a83585da40923b3678a649ad',
    from: 'cii/schematron/preprocessed',
    to: 'en16931/cii/preprocessed',
    files: [['EN16931-CII-validation-preprocessed.sch', '54e0dc6d06cd7f17d268bb9696ff56f58d386ee28961c9bbef0a56718c400c89']],
  },
  {
    what: 'OpenPeppol BIS Billing 3.0 rules, release 3.0.19',
    repo: 'OpenPEPPOL/peppol-bis-invoice-3',
    commit: '78d7f7dfa223f39f8ebd8d35c127f2690e646322',
    from: 'rules/sch',
    to: 'peppol',
    files: [
      ['PEPPOL-EN16931-CII.sch', '78dcef8d4a2d502e16affbb342f319aaea985da5b1154d529c8627fb628e7a89'],
      ['PEPPOL-EN16931-UBL.sch', '2840f5158f7bbdbf3b3f5d2ea391b9ac9e649e1fdbba8502bd8c15ec52924f23'],
    ],
  },
  {
    what: 'KoSIT XRechnung 3.0 rules',
    repo: 'itplr-kosit/xrechnung-schematron',
    commit: '3098f3da447b9c435c969158a576573bca09afbe',
    from: 'src/validation/schematron',
    to: 'xrechnung',
    files: [
      ['common.sch', '60b9bbc8d9e3c243fb2d2198aa9933ee5fd21ba871e829bfd905926b5aad3059'],
      ['ubl/XRechnung-UBL-validation.sch', '0b2838a9dab49ccd7381ad7547cdcc3348a3d861ee27ddeb4065db05e679c4ef'],
      ['cii/XRechnung-CII-validation.sch', '4a29e3ecaa3719c273e4939d4dcc825754e6345a5db07a40bb64ed309dece146'],
    ],
  },
];
