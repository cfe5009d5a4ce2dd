// placeholder
export default {} satisfies Record<string, string>;
