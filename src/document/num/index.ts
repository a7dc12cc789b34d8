export { Amount, AmountError, numberText } from './amount';
export { Percentage } from './percentage';
