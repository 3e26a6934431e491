import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { ErrorCode as RpcCode } from '@modelcontextprotocol/sdk/types.js';
import { STATUS } from '../core/errors.ts';
import { failureHandler } from '../http/error-envelope.ts';
import type { RefusedBodyDrain } from '../http/refused-body.ts';
import '../http/request-types.ts';
import { JSONRPC_CODE, rpcErrorData } from './json-rpc-codes.ts';

/**
 * Failures before any JSON-RPC message is read (Host/Origin, authentication,
 * an oversized body) keep their HTTP status, with a JSON-RPC error body of id
 * null so MCP clients can read them: 401 with WWW-Authenticate, 403, 413.
 * Errors of a call itself, the rate limit included, are JSON-RPC errors in a
 * 200 carrying the request's id (SDK; see http-router.ts).
 */
export function mcpHttpErrors(log: Logger, drain: RefusedBodyDrain): ErrorRequestHandler {
  return failureHandler(log, 'mcp request failed', (res, e) => {
    const message = e.code === 'internal' ? 'Internal error.' : e.message;
    sendRpcError(res, STATUS[e.code], JSONRPC_CODE[e.code], message, rpcErrorData(e));
  }, drain);
}

export function sendRpcError(res: Response, status: number, code: number, message: string, data?: unknown): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message, ...(data === undefined ? {} : { data }) }, id: null });
}

/** Stateless server: no SSE stream to open (GET) and no session to end (DELETE). */
export const methodNotAllowed: RequestHandler = (_req, res) => {
  res.setHeader('Allow', 'POST');
  sendRpcError(res, 405, RpcCode.ConnectionClosed, 'Method not allowed: this MCP endpoint is stateless; send JSON-RPC with POST.');
};

/** Keeps the app's request id (http/request-id.ts) when mounted there; makes one when run alone. */
export const ensureRequestId: RequestHandler = (req, _res, next) => {
  if (typeof req.requestId !== 'string') req.requestId = randomUUID();
  next();
};
