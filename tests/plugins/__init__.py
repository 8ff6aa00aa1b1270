"""Deliberately faulty engine plug-ins for the error-path tests."""
