import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { ValidationReport } from '../../formats/validation/einvoice-validation';
import { DomainError } from '../../domain/shared/errors';
import type { GraphQLContext } from '../plumbing/context';
import { DATA_COMPLEXITY } from '../plumbing/limits';
import { ValidationReportType } from './validation-report.type';

/** A received e-invoice judged by the official artefacts, as POST /silo/v1/formats/validate does. */
@Resolver()
export class ValidationResolver {
  @Query(() => ValidationReportType, {
    complexity: DATA_COMPLEXITY,
    description:
      'Validates an XML e-invoice (UBL 2.1 or CII D16B, of any EN 16931 CIUS) by the official artefacts, as POST /silo/v1/formats/validate does; nothing is stored. SERVICE_UNAVAILABLE when the server has no EINVOICE_ARTEFACTS_DIR.',
  })
  validateDocument(
    @Arg('xml', () => String, { description: 'The XML text.' }) xml: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ValidationReport> {
    if (!ctx.einvoices) throw new DomainError('unavailable', 'e-invoice validation is not served here');
    return ctx.einvoices.validate(ctx.workspaceId, xml, { signal: ctx.signal });
  }
}
