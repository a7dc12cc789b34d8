import { Field, ObjectType } from 'type-graphql';

@ObjectType('ValidationFinding', { simpleResolvers: true, description: 'One finding of an e-invoice validation.' })
export class ValidationFindingType {
  @Field(() => String, { description: 'The rule: its published id (BR-10, PEPPOL-EN16931-R010, BR-DE-15), or XSD for the XML Schema.' })
  rule: string;

  @Field(() => String, { description: "The rule's flag: fatal (an error), warning or information." })
  flag: string;

  @Field(() => String, { description: 'Where in the document: an XPath for a rule, a line for the XML Schema.' })
  location: string;

  @Field(() => String)
  message: string;
}

@ObjectType('ValidationReport', {
  simpleResolvers: true,
  description: 'An e-invoice judged by the official artefacts: its XML Schema, then the rule sets its customization id calls for.',
})
export class ValidationReportType {
  @Field(() => Boolean, { description: 'True when no error was found (warnings do not count).' })
  valid: boolean;

  @Field(() => String, { description: 'ubl or cii.' })
  syntax: string;

  @Field(() => String, { description: "The document's customization id (BT-24), which chose the rule sets." })
  customization: string;

  @Field(() => [String], { description: 'The rule sets run after the XML Schema; none when the schema failed.' })
  rules: string[];

  @Field(() => [ValidationFindingType])
  errors: ValidationFindingType[];

  @Field(() => [ValidationFindingType])
  warnings: ValidationFindingType[];
}
