import pg from 'pg';
import { checkPassword } from './passwords.js';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });

export interface User {
  id: string;
  email: string;
  roles: string[];
}

export async function login(email: string, password: string): Promise<User | null> {
  const { rows } = await pool.query('SELECT id, email, roles, password_hash FROM users WHERE email = $1', [email.toLowerCase()]);
  const row = rows[0];
  if (!row) return null;
  if (!(await checkPassword(password, row.password_hash))) return null;
  return { id: row.id, email: row.email, roles: row.roles };
}

export async function findUsers(filter: { role?: string; limit?: number }): Promise<User[]> {
  const params: unknown[] = [];
  let sql = 'SELECT id, email, roles FROM users';
  if (filter.role) {
    params.push(filter.role);
    sql += ` WHERE $${params.length} = ANY(roles)`;
  }
  params.push(Math.min(filter.limit ?? 50, 500));
  sql += ` ORDER BY email LIMIT $${params.length}`;
  const { rows } = await pool.query(sql, params);
  return rows;
}
