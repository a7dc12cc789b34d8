/** A document that cannot be calculated (unknown tax category, missing exchange rate...). */
export class CalculationError extends Error {}
