/**
 * The cookie that binds a started sign-in to the browser that started it
 * (login CSRF: without it, a callback link made by someone else would sign
 * this browser into their account). HttpOnly, SameSite=Lax (the provider
 * sends the browser back with a top-level GET, which Lax allows), sent only
 * to the callback path, and short-lived like the attempt itself.
 */
import type { Request, Response } from 'express';
import { CALLBACK_PATH } from '../core/sign-in/start-sign-in.ts';
import { readCookie } from './credentials/session-cookie.ts';

export const SIGN_IN_BINDING_COOKIE = 'p2m_sign_in';

const options = (req: Request) => ({ httpOnly: true, sameSite: 'lax' as const, secure: req.secure, path: CALLBACK_PATH });

export function setSignInBinding(req: Request, res: Response, binding: string, ttlSeconds: number): void {
  res.cookie(SIGN_IN_BINDING_COOKIE, binding, { ...options(req), maxAge: ttlSeconds * 1000 });
}

export function clearSignInBinding(req: Request, res: Response): void {
  res.clearCookie(SIGN_IN_BINDING_COOKIE, options(req));
}

export const signInBindingOf = (req: Request): string | undefined => readCookie(req, SIGN_IN_BINDING_COOKIE);
