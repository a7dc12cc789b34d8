import type { ObjectKind } from '../model/gobl-types';

/**
 * The kinds of object the engine walks: GOBL's object types, named as its schemas name them (`bill/line`,
 * `org/document-ref`, `pay/record`...). Regimes and addons hook into normalization and validation per kind,
 * as GOBL does, without the engine knowing any country or addon.
 */
export type NodeKind = ObjectKind;
