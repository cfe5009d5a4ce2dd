/** Upload limits the server enforces and the add dialog explains before sending. */
export const MAX_FILES_PER_UPLOAD = 10;
export const TOO_MANY_FILES = `Puedes subir hasta ${MAX_FILES_PER_UPLOAD} imágenes por vez.`;
