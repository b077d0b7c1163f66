/** Tailwind 4 runs as a single PostCSS plugin; it finds the sources itself. */
const config = {
  plugins: {
    "@tailwindcss/postcss": {},
  },
};

export default config;
