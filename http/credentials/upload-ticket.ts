/**
 * The Upload-Ticket credential of POST /api/v2/jobs/upload: the header's
 * ticket → the upload_ticket principal (core checks it by hash; the upload
 * operation claims it). A missing, unknown, expired or used ticket is 401.
 */
import type { RequestHandler } from 'express';
import type { Services } from '../../core/context.ts';
import { DomainError, isDomainError } from '../../core/errors.ts';
import { authenticateUploadTicket } from '../../core/jobs/tickets/authenticate-upload-ticket.ts';
import '../request-types.ts';
import type { PrincipalResolver } from './api-key-bearer.ts';

export const UPLOAD_TICKET_HEADER = 'Upload-Ticket';
const CHALLENGE = 'Upload-Ticket realm="p2m"';

/** `Upload-Ticket: upt_...` → the ticket's principal; null without the header. */
export const uploadTicketHeader: PrincipalResolver = async (req, services) => {
  const ticket = req.get(UPLOAD_TICKET_HEADER)?.trim();
  if (ticket === undefined) return null;
  return authenticateUploadTicket(services.db, ticket);
};

/** Sets req.principal from the Upload-Ticket header, or answers 401 with an Upload-Ticket challenge. */
export function uploadTicketAuth(services: Services): RequestHandler {
  return async (req, res, next) => {
    try {
      const principal = await uploadTicketHeader(req, services);
      if (!principal) {
        throw new DomainError('unauthenticated', 'Send the ticket from POST /api/v2/jobs/upload-ticket in the Upload-Ticket header.');
      }
      req.principal = principal;
    } catch (err) {
      if (isDomainError(err) && err.code === 'unauthenticated') res.setHeader('WWW-Authenticate', CHALLENGE);
      throw err;
    }
    next();
  };
}
