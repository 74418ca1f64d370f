import { FormFieldEntity } from './forms/form-field.entity.js';
import { FormEntity } from './forms/form.entity.js';
import { ScholarshipEntity } from './scholarships/scholarship.entity.js';
import { UserEntity } from './users/user.entity.js';

/**
 * The TypeORM entities, handed to DatabaseModule.forRoot by the app module and to
 * dataSourceOptions by the CLI and the tests. Here and not in database/: the entities belong to
 * their features (docs/architecture.md, "Rules the build checks").
 */
export const ENTITIES = [FormFieldEntity, FormEntity, UserEntity, ScholarshipEntity];
