// Postgres pool shared by the routes.
const { Pool } = require('pg');

const pool = new Pool({ connectionString: process.env.DATABASE_URL });

module.exports = { query: (text, params) => pool.query(text, params) };
