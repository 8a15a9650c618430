import type { NextFunction, Response } from 'express';

/**
 * Sends one of the web build's files. The files are listed once at start, so a file the list holds can be gone by
 * the request (a rebuild swapped the folder under a running server): that is a 404 like any other missing file, never
 * a 500; any other read error goes on to the error handler.
 */
export const sendBuiltFile = (res: Response, file: string, next: NextFunction): void => {
  res.sendFile(file, { maxAge: '1h' }, (error?: Error & { code?: string }) => {
    if (!error || res.headersSent) return;
    if (error.code === 'ENOENT') res.status(404).json({ message: 'Not found' });
    else next(error);
  });
};
