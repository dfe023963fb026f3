const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a URL or a body can be one of our row ids: anything else is simply not found. */
export const isUuid = (id: string): boolean => UUID.test(id);
